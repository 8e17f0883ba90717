import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { EMAIL_NOTIFICATIONS, PUBLIC_MESSAGES, type EmailPreferenceChoices, type PublicPreferencesResponse } from '@sc/common';
import { BusyButton } from '../../ui/busy-button.tsx';
import { PublicCard } from '../../ui/public-card.tsx';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { loadEmailPreferences, publicKeys, saveEmailPreferences } from './api.ts';
import { completionState } from './form-errors.ts';
import { PublicLoading } from './public-loading.tsx';

function PreferencesForm({ token, initial }: { token: string; initial: PublicPreferencesResponse }) {
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const [choices, setChoices] = useState<EmailPreferenceChoices>({
    emailOnTicketCreated: initial.emailOnTicketCreated,
    emailOnTicketUpdated: initial.emailOnTicketUpdated,
    emailOnTicketClosed: initial.emailOnTicketClosed,
    emailOnNewAction: initial.emailOnNewAction,
  });
  const [isSaving, setIsSaving] = useState(false);

  const save = async () => {
    setIsSaving(true);
    try {
      await saveEmailPreferences(token, choices);
      void navigate('/', { state: completionState(PUBLIC_MESSAGES.preferencesSaved) });
    } catch (error) {
      // What was ticked stays ticked for a retry.
      showSnackbar(error instanceof Error ? error.message : 'An Error Occurred', { severity: 'error' });
      setIsSaving(false);
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography>
        Hello {initial.firstName}, choose which e-mails {initial.email ?? 'you'} receives about tickets.
      </Typography>
      <FormControl component="fieldset">
        <FormLabel component="legend">Send me an e-mail when</FormLabel>
        <FormGroup>
          {EMAIL_NOTIFICATIONS.map((n) => (
            <FormControlLabel
              key={n.key}
              control={<Checkbox checked={choices[n.key]} onChange={(e) => setChoices({ ...choices, [n.key]: e.target.checked })} />}
              label={n.label}
            />
          ))}
        </FormGroup>
      </FormControl>
      <BusyButton variant="contained" size="large" busy={isSaving} onClick={() => void save()} fullWidth>
        Save
      </BusyButton>
    </Box>
  );
}

/**
 * /preferences?token=… (customer-care-email-preferences): the signed link of an e-mail opens, without
 * signing in, the four e-mail choices of the User Preferences dialog, saved to the same record.
 */
export function PreferencesPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const prefs = useQuery({ queryKey: publicKeys.preferences(token), queryFn: () => loadEmailPreferences(token), enabled: token.length >= 16, retry: false });
  let body;
  if (token.length < 16 || prefs.isError) body = <Alert severity="error">{prefs.error?.message ?? PUBLIC_MESSAGES.preferencesInvalid}</Alert>;
  else if (!prefs.data) body = <PublicLoading />;
  else body = <PreferencesForm token={token} initial={prefs.data} />;
  return <PublicCard title="E-mail Preferences">{body}</PublicCard>;
}
