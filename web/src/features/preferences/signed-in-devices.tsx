import { useContext } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { formatDateTime } from '../../ui/dates.ts';
import { SessionContext } from '../auth/session-context.ts';
import { useEndSession, useSignedInDevices } from './api.ts';

const HEADING_ID = 'signed-in-devices-heading';

/**
 * 'Signed-in devices' of User Preferences (requirements §19.3): the caller's sessions (browser, address,
 * last seen in the user's zone, this device marked); any other can be ended, or all others at once.
 */
export function SignedInDevices() {
  // The user's zone (the browser's while no session is known, e.g. in a component test).
  const timeZone = useContext(SessionContext)?.user?.timeZone ?? null;
  const devices = useSignedInDevices(true);
  const end = useEndSession();
  const showSnackbar = useSnackbar();
  const others = devices.data?.sessions.filter((s) => !s.current) ?? [];

  const run = async (id: string, done: string) => {
    try {
      await end.mutateAsync(id);
      showSnackbar(done, { severity: 'success' });
    } catch (e) {
      showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' });
    }
  };

  return (
    <Box component="section" aria-labelledby={HEADING_ID} sx={{ gridColumn: '1 / -1' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography id={HEADING_ID} component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          Signed-in devices
        </Typography>
        <Button size="small" variant="outlined" disabled={others.length === 0 || end.isPending} onClick={() => void run('others', 'Signed out everywhere else')}>
          Sign out all other devices
        </Button>
      </Box>
      {devices.isError && <Alert severity="error">{devices.error.message}</Alert>}
      {!devices.data && !devices.isError && <Skeleton variant="rounded" height={56} aria-label="Loading signed-in devices" />}
      {devices.data && (
        <List dense disablePadding aria-labelledby={HEADING_ID}>
          {devices.data.sessions.map((s) => (
            <ListItem
              key={s.id}
              divider
              disableGutters
              secondaryAction={
                s.current ? (
                  <Chip size="small" color="primary" label="This device" />
                ) : (
                  <Button size="small" disabled={end.isPending} onClick={() => void run(s.id, 'Device signed out')} aria-label={`Sign out ${s.browser} (${s.ip ?? 'unknown address'})`}>
                    Sign out
                  </Button>
                )
              }
              sx={{ pr: 14 }}
            >
              <ListItemText
                primary={s.browser}
                secondary={`${s.ip ?? 'Unknown address'} · last seen ${formatDateTime(s.lastSeenAt, timeZone)}`}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
