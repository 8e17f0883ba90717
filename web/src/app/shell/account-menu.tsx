import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Campaign from '@mui/icons-material/CampaignOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import TuneIcon from '@mui/icons-material/Tune';
import OutboxIcon from '@mui/icons-material/OutboxOutlined';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import DynamicFormIcon from '@mui/icons-material/DynamicFormOutlined';
import { CUSTOMER_PORTAL_KAPP, USER_TYPE_LABELS, canEditBanner, canManageApiKeys, canManageForms, canReadAuditLog, canSeeOutgoingMail, type SignedInUser } from '@sc/common';
import { useSession } from '../../features/auth/session-context.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { hrefs } from '../../config/hrefs.ts';
import { ROUTES } from '../../config/routes.ts';

const initialsOf = (u: Pick<SignedInUser, 'firstName' | 'lastName'>): string =>
  `${u.firstName.charAt(0)}${u.lastName.charAt(0)}`.toUpperCase();

interface AccountMenuProps {
  user: SignedInUser;
  /** Opens the Banner Message dialog (Administrator, space admin). */
  onOpenBanner?: () => void;
  /** Opens the User Preferences dialog (everyone). */
  onOpenPreferences?: () => void;
}

/** requirements §1.1, Account menu: who is signed in, plus User Preferences, Banner (Administrator, space admin), Outgoing Mail (space admin) and Logout. */
export function AccountMenu({ user, onOpenBanner, onOpenPreferences }: AccountMenuProps) {
  const { logout } = useSession();
  const showSnackbar = useSnackbar();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const menuId = useId();
  const buttonId = useId();
  const isOpen = Boolean(anchor);

  const lastLogin = user.lastLoginDate
    ? `Last login: ${formatDateTime(user.lastLoginDate, user.timeZone)}`
    : 'First sign-in';

  const handleLogout = async () => {
    setIsLoggingOut(true);
    try {
      await logout();
      await navigate(ROUTES.home.path);
    } catch (error) {
      setIsLoggingOut(false);
      showSnackbar(error instanceof Error ? error.message : 'An Error Occurred', { severity: 'error' });
    }
  };

  return (
    <>
      <Tooltip title="Account menu">
        <IconButton
          id={buttonId}
          aria-label="Account menu"
          aria-haspopup="menu"
          aria-expanded={isOpen}
          aria-controls={isOpen ? menuId : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
          sx={{ p: 0.5 }}
        >
          <Avatar sx={{ width: 36, height: 36, bgcolor: 'secondary.main', fontSize: '0.95rem', fontWeight: 600 }}>
            {initialsOf(user)}
          </Avatar>
        </IconButton>
      </Tooltip>
      <Menu
        id={menuId}
        open={isOpen}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: { 'aria-labelledby': buttonId },
          paper: { sx: { width: 300, maxWidth: 'calc(100vw - 32px)', mt: 1 } },
        }}
      >
        {/* Who is signed in: read-only text, so not menu items (role none keeps the menu valid). */}
        <Box component="li" role="none" sx={{ px: 2, pt: 1, pb: 1.5, display: 'grid', gap: 0.5 }}>
          <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{user.userName}</Box>
          <div>{`${user.lastName}, ${user.firstName}`}</div>
          <Box sx={{ typography: 'body2', color: 'text.secondary', display: 'grid', gap: 0.5 }}>
            <div>{USER_TYPE_LABELS[user.userType]}</div>
            <div>{user.organizationName}</div>
            <div>{lastLogin}</div>
          </Box>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            onOpenPreferences?.();
          }}
        >
          <ListItemIcon>
            <TuneIcon fontSize="small" />
          </ListItemIcon>
          User Preferences
        </MenuItem>
        {canEditBanner(user) && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              onOpenBanner?.();
            }}
          >
            <ListItemIcon>
              <Campaign fontSize="small" />
            </ListItemIcon>
            Banner
          </MenuItem>
        )}
        {canSeeOutgoingMail(user) && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void navigate(ROUTES.outgoingMail.path);
            }}
          >
            <ListItemIcon>
              <OutboxIcon fontSize="small" />
            </ListItemIcon>
            Outgoing Mail
          </MenuItem>
        )}
        {canReadAuditLog(user) && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void navigate(ROUTES.auditLog.path);
            }}
          >
            <ListItemIcon>
              <HistoryIcon fontSize="small" />
            </ListItemIcon>
            Audit Log
          </MenuItem>
        )}
        {canManageApiKeys(user) && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void navigate(ROUTES.apiKeys.path);
            }}
          >
            <ListItemIcon>
              <KeyIcon fontSize="small" />
            </ListItemIcon>
            API Keys
          </MenuItem>
        )}
        {canManageForms(user) && (
          <MenuItem
            onClick={() => {
              setAnchor(null);
              void navigate(hrefs.formDefinitions({ kappSlug: CUSTOMER_PORTAL_KAPP }));
            }}
          >
            <ListItemIcon>
              <DynamicFormIcon fontSize="small" />
            </ListItemIcon>
            Manage Forms
          </MenuItem>
        )}
        <MenuItem disabled={isLoggingOut} onClick={() => void handleLogout()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
