import { useMemo } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useColorScheme, useTheme } from '@mui/material/styles';
import {
  EMAIL_NOTIFICATIONS,
  PAGE_SIZES,
  PREFERENCES_MESSAGES,
  THEME_LABELS,
  THEMES,
  ZPreferencesSaveRequestSchema,
  type Preferences,
  type PreferencesSaveRequest,
  type PreferencesSaveValues,
} from '@sc/common';
import { setServerFieldErrors } from '../../ui/form-save.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { usePreferences, useSavePreferences } from './api.ts';
import { SignedInDevices } from './signed-in-devices.tsx';
import { timeZoneOptions } from './time-zones.ts';
import { FormDialogActions } from '../../ui/form-dialog-actions.tsx';
import { ControlledTextField } from '../../ui/controlled-text-field.tsx';

export interface PreferencesDialogProps {
  open: boolean;
  onClose: () => void;
  /** Re-reads the signed-in user so names, dates and page size follow at once. */
  onSaved: () => Promise<void>;
}

const TITLE_ID = 'preferences-dialog-title';
type Form = PreferencesSaveRequest;

const toForm = (p: Preferences): Form => ({ ...p, officePhone: p.officePhone ?? '', mobilePhone: p.mobilePhone ?? '' });

/** requirements §7.1 User Preferences dialog (Update and Cancel); the caller's own account only. */
export function PreferencesDialog({ open, onClose, onSaved }: PreferencesDialogProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={TITLE_ID} maxWidth="sm" fullWidth fullScreen={isPhone}>
      <DialogTitle id={TITLE_ID}>User Preferences</DialogTitle>
      {open && <PreferencesBody onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}

function PreferencesBody({ onClose, onSaved }: Omit<PreferencesDialogProps, 'open'>) {
  const prefs = usePreferences(true);
  if (prefs.isError) {
    return (
      <>
        <DialogContent>
          <Alert severity="error">{prefs.error.message}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
        </DialogActions>
      </>
    );
  }
  if (!prefs.data) {
    return (
      <DialogContent>
        <Box aria-busy="true" aria-label="Loading preferences" sx={{ display: 'grid', gap: 2, pt: 1 }}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={56} />
          ))}
        </Box>
      </DialogContent>
    );
  }
  return <PreferencesForm initial={prefs.data} onClose={onClose} onSaved={onSaved} />;
}

function PreferencesForm({ initial, onClose, onSaved }: { initial: Preferences } & Omit<PreferencesDialogProps, 'open'>) {
  const save = useSavePreferences();
  const showSnackbar = useSnackbar();
  const { setMode } = useColorScheme();
  const zones = useMemo(() => timeZoneOptions(initial.timeZone), [initial.timeZone]);
  const form = useForm<Form, unknown, PreferencesSaveValues>({
    resolver: zodResolver(ZPreferencesSaveRequestSchema),
    defaultValues: toForm(initial),
    mode: 'onTouched',
  });
  const { control } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (e) {
      setServerFieldErrors(e, form.setError);
      showSnackbar(PREFERENCES_MESSAGES.failed, { severity: 'error' });
      return;
    }
    // Applied at once: the theme here, names, zone and page size through the refreshed session.
    setMode(values.theme);
    showSnackbar(PREFERENCES_MESSAGES.saved, { severity: 'success' });
    onClose();
    await onSaved().catch(() => undefined);
  });

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <DialogContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignContent: 'start', pt: 1 }}>
        <TextInput control={control} name="firstName" label="First Name" required autoComplete="given-name" />
        <TextInput control={control} name="lastName" label="Last Name" required autoComplete="family-name" />
        <TextInput control={control} name="officePhone" label="Office Phone" type="tel" autoComplete="tel" />
        <TextInput control={control} name="mobilePhone" label="Mobile Phone" type="tel" autoComplete="tel" />
        <Controller
          name="timeZone"
          control={control}
          render={({ field, fieldState }) => (
            <Autocomplete
              options={zones}
              value={field.value}
              onChange={(_e, v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              disableClearable
              autoHighlight
              sx={{ gridColumn: { sm: '1 / -1' } }}
              renderInput={(params) => (
                <TextField {...params} inputRef={field.ref} label="Time Zone" required error={!!fieldState.error} helperText={fieldState.error?.message ?? 'Dates and times are shown in this zone.'} />
              )}
            />
          )}
        />
        <ControlledTextField name="pageSize" control={control} select label="Default Page Size" parse={Number}>
          {PAGE_SIZES.map((n) => (
            <MenuItem key={n} value={n}>
              {n}
            </MenuItem>
          ))}
        </ControlledTextField>
        <ControlledTextField name="theme" control={control} select label="Theme">
          {THEMES.map((t) => (
            <MenuItem key={t} value={t}>
              {THEME_LABELS[t]}
            </MenuItem>
          ))}
        </ControlledTextField>
        <Box component="fieldset" sx={{ gridColumn: '1 / -1', border: 0, m: 0, p: 0 }}>
          <FormLabel component="legend" sx={{ mb: 0.5 }}>
            E-mail me when
          </FormLabel>
          <FormGroup>
            {EMAIL_NOTIFICATIONS.map((n) => (
              <Controller
                key={n.key}
                name={n.key}
                control={control}
                render={({ field }) => (
                  <FormControlLabel
                    label={n.label}
                    control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} slotProps={{ input: { ref: field.ref } }} />}
                  />
                )}
              />
            ))}
          </FormGroup>
        </Box>
        <SignedInDevices />
      </DialogContent>
      <FormDialogActions submitLabel="Update" busy={save.isPending} onCancel={onClose} />
    </Box>
  );
}

function TextInput({ control, name, label, required, type, autoComplete }: { control: Control<Form>; name: 'firstName' | 'lastName' | 'officePhone' | 'mobilePhone'; label: string; required?: boolean; type?: string; autoComplete?: string }) {
  return (
    <ControlledTextField name={name} control={control} label={label} required={required} type={type} autoComplete={autoComplete} fullWidth />
  );
}
