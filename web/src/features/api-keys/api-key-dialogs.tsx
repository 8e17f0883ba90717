import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { API_KEY_MESSAGES, API_KEY_NAME_MAX, ZApiKeyCreateRequestSchema, type ApiKeyCreateRequest, type ApiKeyCreatedResponse } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { FormDialogActions } from '../../ui/form-dialog-actions.tsx';
import { setServerFieldErrors } from '../../ui/form-save.ts';
import { useCreateApiKey } from './api.ts';

/** 'New API Key': a name, then the key is shown once (ShowKeyDialog). */
export function CreateApiKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (r: ApiKeyCreatedResponse) => void }) {
  const create = useCreateApiKey();
  const form = useForm<ApiKeyCreateRequest>({ resolver: zodResolver(ZApiKeyCreateRequestSchema), defaultValues: { name: '' }, mode: 'onTouched' });
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    form.reset();
    setError(null);
    onClose();
  };
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const created = await create.mutateAsync(values);
      form.reset();
      onCreated(created);
    } catch (e) {
      setServerFieldErrors(e, form.setError);
      if (!(isApiError(e) && e.fieldErrors)) setError(isApiError(e) ? e.message : 'An Error Occurred');
    }
  });
  const nameError = form.formState.errors.name?.message;
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="new-api-key-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="new-api-key-title">New API Key</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextField
            {...form.register('name')}
            autoFocus
            fullWidth
            margin="dense"
            label="Name"
            helperText={nameError ?? 'What the key is for, e.g. the integration that uses it'}
            error={!!nameError}
            slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX } }}
          />
        </DialogContent>
        <FormDialogActions submitLabel="Create" busy={create.isPending} onCancel={close} />
      </form>
    </Dialog>
  );
}

/** The new key, this once: it is stored only as a hash. */
export function ShowKeyDialog({ created, onClose }: { created: ApiKeyCreatedResponse | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Dialog open={created !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="show-api-key-title">
      <DialogTitle id="show-api-key-title">API key created: {created?.apiKey.name}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {API_KEY_MESSAGES.shownOnce}
        </Alert>
        <TextField
          fullWidth
          label="API key"
          value={created?.key ?? ''}
          helperText={copied ? 'Copied to the clipboard' : 'Send it in the CmsApiKey header (or Authorization: Bearer).'}
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'new-api-key', style: { fontFamily: 'monospace' } },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Tooltip title="Copy">
                    <IconButton aria-label="Copy the API key" onClick={() => void copy()} edge="end">
                      <ContentCopyIcon />
                    </IconButton>
                  </Tooltip>
                </InputAdornment>
              ),
            },
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
