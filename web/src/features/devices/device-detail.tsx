import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DEVICE_MESSAGES, deviceRequestTarget, type Device } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';

/** The read-only device (view-device) of the split pane. */
export function DeviceDetail({ device, canEdit }: { device: Device | null; canEdit: boolean }) {
  if (!device) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography color="text.secondary">{DEVICE_MESSAGES.noneSelected}</Typography>
      </Paper>
    );
  }
  const target = deviceRequestTarget(device);
  const requestPath = target ? hrefs.serviceRequestAdd({ id: target.id }, target.query) : null;
  const facts: [string, string][] = [
    ['Device Name', device.deviceName],
    ['Device Type', device.deviceType ?? '—'],
    ['Description', device.description ?? '—'],
    ['Contact', device.contactName ?? '—'],
    ['Site', device.siteName ?? '—'],
    ['Device ID', String(device.id)],
    ['Kaseya Machine Group ID', device.kaseyaMachineGroupId ?? '—'],
    ['NCentral Device ID', device.ncentralDeviceId ?? '—'],
    ['Serial Number', device.serialNumber ?? '—'],
    ['Operating System', device.operatingSystem ?? '—'],
    ['Warranty End', device.warrantyEnd ?? '—'],
  ];
  return (
    <Paper variant="outlined" component="section" aria-label="Device details" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.25rem', fontWeight: 600, mr: 'auto' }}>
          {device.deviceName}
        </Typography>
        {requestPath && (
          <Button variant="contained" size="small" component={RouterLink} to={requestPath}>
            New Service Request
          </Button>
        )}
        {canEdit && (
          <Button size="small" component={RouterLink} to={hrefs.deviceEdit({ id: device.id })}>
            Edit
          </Button>
        )}
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(160px, auto) 1fr' }, columnGap: 3, rowGap: { xs: 0.25, sm: 1 }, '& dt': { color: 'text.secondary', mt: { xs: 1, sm: 0 } }, '& dd': { m: 0, wordBreak: 'break-word' } }}>
        {facts.map(([k, v]) => (
          <Box key={k} sx={{ display: 'contents' }}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
