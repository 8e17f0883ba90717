import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CONTACT_MESSAGES, USER_TYPE_LABELS, USER_TYPES, type ContactDetail, type UserType } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { useSaveAccess } from './api.ts';

/** The CMS Access dialog (form cms-access): the contact's portal user type and active flag. */
export function CmsAccessDialog({ open, contact, onClose }: { open: boolean; contact: ContactDetail; onClose: () => void }) {
  const access = contact.access;
  const [userType, setUserType] = useState<UserType>(access?.userType ?? 'User');
  const [isActive, setIsActive] = useState(access?.isActive ?? false);
  const save = useSaveAccess(contact.id);
  const showSnackbar = useSnackbar();

  const submit = async () => {
    try {
      await save.mutateAsync({ userType, isActive });
      showSnackbar(CONTACT_MESSAGES.accessSaved, { severity: 'success' });
      onClose();
    } catch (e) {
      showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' });
    }
  };

  return (
    <Dialog open={open} onClose={save.isPending ? undefined : onClose} aria-labelledby="cms-access-title" maxWidth="xs" fullWidth>
      <DialogTitle id="cms-access-title">CMS Access</DialogTitle>
      <DialogContent>
        {!access ? (
          <Alert severity="info">This contact has no portal account yet. Invite it from Invite Contacts.</Alert>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {access.userName}
              {access.isEmailVerified ? '' : ' (e-mail not verified)'}
            </Typography>
            <TextField select fullWidth label="User Type" value={userType} onChange={(e) => setUserType(e.target.value as UserType)} sx={{ mb: 2 }}>
              {USER_TYPES.map((t) => (
                <MenuItem key={t} value={t}>
                  {USER_TYPE_LABELS[t]}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel control={<Switch checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />} label="Active" />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        {access && (
          <Button variant="contained" onClick={() => void submit()} disabled={save.isPending}>
            Save
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
