import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { SignedInUser } from '@sc/common';
import { useSession } from '../../features/auth/session-context.ts';
import { PreferredTheme } from '../../features/preferences/preferred-theme.tsx';
import { useDocumentTitle } from '../../ui/use-document-title.ts';
import { titleForPath } from '../../config/routes.ts';
import { AppFooter } from './app-footer.tsx';
import { SideDrawer } from './side-drawer.tsx';
import { TopBar } from './top-bar.tsx';

// The account-menu dialogs load on first use: most visits never open them, and they bring the
// Autocomplete and form code the first screen does not need.
const BannerDialog = lazy(() => import('../../features/banner/banner-dialog.tsx').then((m) => ({ default: m.BannerDialog })));
const PreferencesDialog = lazy(() => import('../../features/preferences/preferences-dialog.tsx').then((m) => ({ default: m.PreferencesDialog })));

/** The signed-in frame (UI.md, Frame): top bar, 300 px drawer, content, footer. */
export function AppShell({ user }: { user: SignedInUser }) {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('lg'), { noSsr: true });
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [openDialog, setOpenDialog] = useState<'banner' | 'preferences' | null>(null);
  // Once loaded, a dialog stays mounted (closed) so its closing transition and focus return run.
  const [usedDialogs, setUsedDialogs] = useState<ReadonlySet<'banner' | 'preferences'>>(new Set());
  const openDialogOf = (which: 'banner' | 'preferences') => {
    setUsedDialogs((used) => (used.has(which) ? used : new Set(used).add(which)));
    setOpenDialog(which);
  };
  const { refresh } = useSession();
  const { pathname } = useLocation();
  const heading = `${user.organizationName} - Support Center - ${titleForPath(pathname)}`;
  useDocumentTitle(heading);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href="#main-content"
        sx={{
          position: 'absolute',
          left: 8,
          top: -48,
          zIndex: (t) => t.zIndex.tooltip,
          bgcolor: 'background.paper',
          p: 1,
          '&:focus': { top: 8 },
        }}
      >
        Skip to main content
      </Link>
      <TopBar
        user={user}
        heading={heading}
        showMenuButton={!isDesktop}
        onOpenMenu={() => setIsMenuOpen(true)}
        onOpenBanner={() => openDialogOf('banner')}
        onOpenPreferences={() => openDialogOf('preferences')}
      />
      <PreferredTheme user={user} />
      <Suspense fallback={null}>
        {usedDialogs.has('banner') && <BannerDialog open={openDialog === 'banner'} onClose={() => setOpenDialog(null)} timeZone={user.timeZone} />}
        {usedDialogs.has('preferences') && <PreferencesDialog open={openDialog === 'preferences'} onClose={() => setOpenDialog(null)} onSaved={refresh} />}
      </Suspense>
      <SideDrawer user={user} isPermanent={isDesktop} isOpen={isMenuOpen} onClose={() => setIsMenuOpen(false)} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {/* Lists use the full width; forms cap themselves at 960 px. */}
        <Box component="main" id="main-content" tabIndex={-1} sx={{ flexGrow: 1, p: { xs: 2, md: 3 }, outline: 'none' }}>
          <Outlet />
        </Box>
        <AppFooter />
      </Box>
    </Box>
  );
}
