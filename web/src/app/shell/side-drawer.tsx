import { Fragment } from 'react';
import { NavLink } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Toolbar from '@mui/material/Toolbar';
import { drawerGroups, type DrawerItem, type SignedInUser } from '@sc/common';
import { Logo } from '../../ui/logo.tsx';
import { DRAWER_WIDTH } from '../../ui/theme.ts';

type Who = Pick<SignedInUser, 'userType' | 'spaceAdmin'>;

function DrawerLink({ item, onNavigate }: { item: DrawerItem; onNavigate?: () => void }) {
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={item.path}
        end
        onClick={onNavigate}
        data-testid={`drawer-item-${item.id}`}
        sx={{
          mx: 1,
          borderRadius: 1,
          '&.active': {
            bgcolor: 'action.selected',
            color: 'primary.main',
            fontWeight: 600,
            boxShadow: (t) => `inset 3px 0 0 ${t.vars?.palette.primary.main ?? t.palette.primary.main}`,
          },
        }}
      >
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
}

/** The menu of requirements §1.1 / §1.4: exactly drawerGroups(user), nothing hard-coded here. */
export function DrawerNav({ user, onNavigate }: { user: Who; onNavigate?: () => void }) {
  return (
    <Box component="nav" aria-label="Main menu" sx={{ py: 1 }}>
      {drawerGroups(user).map((group) => (
        <Fragment key={group.id}>
          {group.label === null ? (
            <List dense disablePadding data-testid={`drawer-group-${group.id}`}>
              {group.items.map((item) => (
                <DrawerLink key={item.id} item={item} onNavigate={onNavigate} />
              ))}
            </List>
          ) : (
            <List
              dense
              disablePadding
              data-testid={`drawer-group-${group.id}`}
              aria-labelledby={`drawer-group-label-${group.id}`}
              subheader={
                <ListSubheader id={`drawer-group-label-${group.id}`} disableSticky sx={{ lineHeight: '36px', mt: 1 }}>
                  {group.label}
                </ListSubheader>
              }
            >
              {group.items.map((item) => (
                <DrawerLink key={item.id} item={item} onNavigate={onNavigate} />
              ))}
            </List>
          )}
        </Fragment>
      ))}
    </Box>
  );
}

interface SideDrawerProps {
  user: Who;
  /** Permanent from `lg`; temporary (opened by the menu button) below it. */
  isPermanent: boolean;
  isOpen: boolean;
  onClose: () => void;
}

export function SideDrawer({ user, isPermanent, isOpen, onClose }: SideDrawerProps) {
  return (
    <Drawer
      variant={isPermanent ? 'permanent' : 'temporary'}
      open={isPermanent || isOpen}
      onClose={onClose}
      sx={{
        width: isPermanent ? DRAWER_WIDTH : 0,
        flexShrink: 0,
        '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw', boxSizing: 'border-box' },
      }}
    >
      {/* Permanent: room for the app bar above it. Temporary: it covers the bar, so it shows the logo. */}
      <Toolbar sx={{ gap: 1 }}>{!isPermanent && <Logo />}</Toolbar>
      <DrawerNav user={user} onNavigate={isPermanent ? undefined : onClose} />
    </Drawer>
  );
}
