import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { ZRegistrationUrlResponseSchema } from '@sc/common';
import { api } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';

const registrationLinkKey = ['invitations', 'registration-link'] as const;

/**
 * The customer's own registration link /register/{gid} (requirements §12.3 self-register): the Administrator
 * copies it and hands it out; who registers with it waits for an Administrator's approval.
 */
export function RegistrationLinkCard() {
  const showSnackbar = useSnackbar();
  const link = useQuery({ queryKey: registrationLinkKey, queryFn: ({ signal }) => api.get('/invitations/registration-link', { schema: ZRegistrationUrlResponseSchema, signal }), staleTime: Infinity });
  if (!link.data) return null;
  const url = link.data.url;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      showSnackbar('Registration link copied');
    } catch {
      showSnackbar('Copy failed: select the link and copy it', { severity: 'error' });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 3 }} component="section" aria-labelledby="registration-link-title">
      <Typography id="registration-link-title" variant="h2" sx={{ fontSize: '1rem', fontWeight: 600, mb: 0.5 }}>
        Registration link
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1.5 }}>
        Anyone with this link can ask to join your organization; each registration waits for an administrator&apos;s approval.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
        <TextField
          id="registration-link"
          label="Registration link"
          value={url}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
          onFocus={(e) => e.target.select()}
        />
        <Button variant="outlined" startIcon={<ContentCopy />} onClick={() => void copy()} sx={{ flexShrink: 0 }}>
          Copy
        </Button>
      </Box>
    </Paper>
  );
}
