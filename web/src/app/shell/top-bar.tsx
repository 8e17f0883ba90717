import { Link as RouterLink, useLocation } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import MenuIcon from '@mui/icons-material/Menu';
import type { SignedInUser } from '@sc/common';
import { GlobalSearch } from '../../features/search/global-search.tsx';
import { Logo } from '../../ui/logo.tsx';
import { ROUTES } from '../../config/routes.ts';
import { AccountMenu } from './account-menu.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

interface TopBarProps {
  user: SignedInUser;
  /** '{organization} - Support Center - {title}' (requirements §1.1, Screen parts). */
  heading: string;
  /** Below `lg`: a menu button opens the temporary drawer, which then covers the bar. */
  showMenuButton: boolean;
  onOpenMenu: () => void;
  onOpenBanner?: () => void;
  onOpenPreferences?: () => void;
}

export function TopBar({ user, heading, showMenuButton, onOpenMenu, onOpenBanner, onOpenPreferences }: TopBarProps) {
  // requirements §1.1 Screen parts: the global search box is hidden on the home page.
  const isHome = useLocation().pathname === ROUTES.home.path;
  return (
    // Above the permanent drawer (clipped layout); under the temporary one, which is modal.
    <AppBar position="fixed" sx={{ zIndex: (t) => (showMenuButton ? t.zIndex.appBar : t.zIndex.drawer + 1) }}>
      <Toolbar sx={{ gap: { xs: 1, sm: 2 } }}>
        {showMenuButton && (
          <Tooltip title="Open menu">
            <IconButton aria-label="Open menu" edge="start" color="inherit" onClick={onOpenMenu}>
              <MenuIcon />
            </IconButton>
          </Tooltip>
        )}
        <Link
          component={RouterLink}
          to={ROUTES.home.path}
          aria-label="Support Center home"
          color="inherit"
          underline="none"
          sx={{ flexShrink: 0 }}
        >
          <Logo hideNameBelow="lg" />
        </Link>
        <Typography
          component="p"
          noWrap
          sx={{ minWidth: 0, flexShrink: 1, fontWeight: 500, fontSize: { xs: '0.875rem', sm: '1rem' } }}
          title={heading}
        >
          {heading}
        </Typography>
        {/* The spacer keeps the search box and the actions right. */}
        <Box sx={{ flexGrow: 1 }} data-slot="global-search" />
        {!isHome && <GlobalSearch user={user} />}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexShrink: 0 }}>
          <ThemeToggle />
          <AccountMenu user={user} onOpenBanner={onOpenBanner} onOpenPreferences={onOpenPreferences} />
        </Box>
      </Toolbar>
    </AppBar>
  );
}
