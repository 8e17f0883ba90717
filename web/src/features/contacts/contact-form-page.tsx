import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  CONTACT_MESSAGES,
  CONTACT_SAVED_REDIRECT_MS,
  ZContactSaveRequestSchema,
  type ContactDetail,
  type ContactSaveRequest,
  type ContactSaveValues,
} from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { setServerFieldErrors } from '../../ui/form-save.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { LeavePagePrompt } from '../../ui/leave-page-prompt.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useContact, useContactAction, useContactLookups, useSaveContact } from './api.ts';
import { CmsAccessDialog } from './cms-access-dialog.tsx';
import { ErrorDialog } from './error-dialog.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';
import { hrefs } from '../../config/hrefs.ts';
import { ControlledTextField } from '../../ui/controlled-text-field.tsx';

export type ContactFormMode = 'add' | 'edit' | 'view';

/** requirements §8.1 names 'New Contact' and 'Edit Contact'; the read-only view is not an edit. */
const SUBTITLES: Record<ContactFormMode, string> = { add: 'New Contact', edit: 'Edit Contact', view: 'View Contact' };

const EMPTY: ContactSaveRequest = { firstName: '', middleInitial: '', lastName: '', email: '', directPhone: '', mobilePhone: '', title: '', isVip: false, siteId: null, departmentId: null };

const toForm = (c: ContactDetail): ContactSaveRequest => ({
  firstName: c.firstName,
  middleInitial: c.middleInitial ?? '',
  lastName: c.lastName,
  email: c.email ?? '',
  directPhone: c.directPhone ?? '',
  mobilePhone: c.mobilePhone ?? '',
  title: c.title ?? '',
  isVip: c.isVip,
  siteId: c.siteId,
  departmentId: c.departmentId,
});

/** requirements §8.1 contact form: /contacts/add, /contacts/edit/{id}, /contacts/view/{id}. */
export function ContactFormPage({ mode, id }: { mode: ContactFormMode; id?: number }) {
  const contact = useContact(mode === 'add' ? undefined : id);
  if (mode !== 'add' && contact.isError) {
    const e = contact.error;
    return (
      <>
        <PageHeader title={mode === 'edit' ? 'Edit Contact' : 'Contact'} />
        <Alert severity="error">{isApiError(e) && e.status === 403 ? CONTACT_MESSAGES.notAuthorized : isApiError(e) && e.status === 404 ? 'Contact not found' : CONTACT_MESSAGES.loadFailed}</Alert>
      </>
    );
  }
  if (mode !== 'add' && !contact.data) {
    return (
      <Box aria-busy="true" aria-label="Loading contact">
        <Skeleton variant="text" width={240} height={48} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  return <ContactForm key={`${mode}-${contact.data?.id ?? 'new'}`} mode={mode} contact={contact.data} />;
}

function ContactForm({ mode, contact }: { mode: ContactFormMode; contact?: ContactDetail }) {
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const lookups = useContactLookups();
  const save = useSaveContact();
  const disable = useContactAction('disable');
  const approve = useContactAction('approve');
  const [confirm, setConfirm] = useState<null | 'save' | 'cancel' | 'disable' | 'approve'>(null);
  const [errorText, setErrorText] = useState<string | null>(null);
  const [accessOpen, setAccessOpen] = useState(false);
  // 'saved': the success message shows, then /contacts after 2.5 s; 'cancelled': leave at once.
  const [done, setDone] = useState<null | 'saved' | 'cancelled'>(null);
  const isSaved = done !== null;
  useEffect(() => {
    if (done === null) return;
    const target = done === 'saved' || !contact ? hrefs.contacts() : hrefs.contactView({ id: contact.id });
    const timer = setTimeout(() => void navigate(target), done === 'saved' ? CONTACT_SAVED_REDIRECT_MS : 0);
    return () => clearTimeout(timer);
  }, [done, contact, navigate]);

  const isEditing = mode !== 'view';
  const form = useForm<ContactSaveRequest, unknown, ContactSaveValues>({
    resolver: zodResolver(ZContactSaveRequestSchema),
    defaultValues: contact ? toForm(contact) : EMPTY,
    mode: 'onTouched',
  });
  const { control, formState } = form;

  // Validation runs first and shows the fields; 'Save Changes?' opens only for values that can be saved.
  const [pending, setPending] = useState<ContactSaveValues | null>(null);
  const askToSave = form.handleSubmit((values) => {
    setPending(values);
    setConfirm('save');
  });

  const saveValues = async (values: ContactSaveValues) => {
    try {
      await save.mutateAsync({ id: contact?.id, body: values });
      setConfirm(null);
      setDone('saved');
      showSnackbar(CONTACT_MESSAGES.saved, { severity: 'success' });
    } catch (e) {
      setConfirm(null);
      setServerFieldErrors(e, form.setError);
      showSnackbar(isApiError(e) ? e.message : CONTACT_MESSAGES.loadFailed, { severity: 'error' });
    }
  };

  const runAction = async (kind: 'disable' | 'approve') => {
    if (!contact) return;
    try {
      await (kind === 'disable' ? disable : approve).mutateAsync(contact.id);
      setConfirm(null);
      void navigate(-1);
    } catch (e) {
      setConfirm(null);
      const message = isApiError(e) ? e.message : String(e);
      setErrorText((kind === 'disable' ? CONTACT_MESSAGES.disableFailed : CONTACT_MESSAGES.approveFailed)(contact.lastName, contact.firstName, message));
    }
  };

  const text = (name: keyof ContactSaveRequest, label: string, extra: { type?: string; autoComplete?: string; maxLength?: number; required?: boolean } = {}) => (
    <ControlledTextField
      name={name}
      control={control}
      label={label}
      required={isEditing && extra.required}
      type={extra.type}
      autoComplete={extra.autoComplete}
      readOnly={!isEditing}
      maxLength={extra.maxLength}
      fullWidth
    />
  );

  const select = (name: 'siteId' | 'departmentId', label: string, options: { id: number; name: string }[]) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          label={label}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
          onBlur={field.onBlur}
          slotProps={{ input: { readOnly: !isEditing } }}
          fullWidth
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {options.map((o) => (
            <MenuItem key={o.id} value={o.id}>
              {o.name}
            </MenuItem>
          ))}
          {/* the current value while lookups load */}
          {field.value != null && !options.some((o) => o.id === field.value) && (
            <MenuItem value={field.value}>{name === 'siteId' ? (contact?.siteName ?? '…') : (contact?.departmentName ?? '…')}</MenuItem>
          )}
        </TextField>
      )}
    />
  );

  const id = contact?.id;
  const busy = save.isPending || disable.isPending || approve.isPending;
  return (
    <Box component="form" noValidate onSubmit={(e) => void askToSave(e)} sx={{ maxWidth: 960 }}>
      <LeavePagePrompt when={isEditing && formState.isDirty && !isSaved} text={CONTACT_MESSAGES.leavePage} />
      <PageHeader
        title={contact ? contact.displayName : 'New Contact'}
        subtitle={SUBTITLES[mode]}
        toolbar={
          <>
            {mode === 'view' && id !== undefined && (
              <Button variant="contained" component={RouterLink} to={hrefs.contactEdit({ id })}>
                Edit
              </Button>
            )}
            {id !== undefined && (
              <>
                <Button component={RouterLink} to={hrefs.contactSub({ sub: 'devices', id })}>Devices</Button>
                <Button component={RouterLink} to={hrefs.contactSub({ sub: 'incidents', id })}>Tickets</Button>
                <Button component={RouterLink} to={hrefs.contactSub({ sub: 'requests', id })}>Requests</Button>
                <Button onClick={() => setAccessOpen(true)}>CMS Access</Button>
                {contact?.isActive && (
                  <Button color="error" onClick={() => setConfirm('disable')} disabled={busy}>
                    Disable
                  </Button>
                )}
                {contact?.isPending && (
                  <Button color="success" onClick={() => setConfirm('approve')} disabled={busy}>
                    Approve
                  </Button>
                )}
              </>
            )}
            {isEditing && (
              <>
                <BusyButton type="submit" variant="contained" busy={save.isPending} disabled={busy || isSaved}>
                  Save
                </BusyButton>
                <Button onClick={() => setConfirm('cancel')}>Cancel</Button>
              </>
            )}
          </>
        }
      />
      {contact && (
        <Box sx={{ display: 'flex', gap: 1, mb: 2 }}>
          {contact.isPending && <Chip color="info" label="Pending approval" />}
          {!contact.isActive && <Chip color="default" label="Disabled" />}
          {contact.access && <Chip variant="outlined" label={`Portal: ${contact.access.userType}${contact.access.isActive ? '' : ' (inactive)'}`} />}
        </Box>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {text('firstName', 'First Name', { autoComplete: 'off', maxLength: 80, required: true })}
          {text('lastName', 'Last Name', { autoComplete: 'off', maxLength: 80, required: true })}
          {text('middleInitial', 'Middle Initial', { maxLength: 4 })}
          {text('title', 'Title', { maxLength: 120 })}
          {text('email', 'Email', { type: 'email', autoComplete: 'off', maxLength: 254 })}
          {text('directPhone', 'Phone', { type: 'tel', maxLength: 32 })}
          {text('mobilePhone', 'Mobile', { type: 'tel', maxLength: 32 })}
          {select('siteId', 'Site', lookups.data?.sites ?? [])}
          {select('departmentId', 'Department', lookups.data?.departments ?? [])}
          <Controller
            name="isVip"
            control={control}
            render={({ field }) => (
              <FormControlLabel
                control={<Switch checked={!!field.value} onChange={(e) => isEditing && field.onChange(e.target.checked)} disabled={!isEditing} />}
                label="VIP"
              />
            )}
          />
        </Box>
      </Paper>
      <ConfirmDialog
        open={confirm === 'save'}
        title={CONTACT_MESSAGES.saveTitle}
        text={mode === 'add' ? CONTACT_MESSAGES.createText : CONTACT_MESSAGES.saveText}
        busy={save.isPending}
        onConfirm={() => pending && void saveValues(pending)}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'cancel'}
        title={CONTACT_MESSAGES.cancelTitle}
        text={CONTACT_MESSAGES.cancelText}
        onConfirm={() => {
          setConfirm(null);
          setDone('cancelled');
        }}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'disable'}
        title="Disable Contact"
        text={CONTACT_MESSAGES.disableText}
        busy={disable.isPending}
        onConfirm={() => void runAction('disable')}
        onCancel={() => setConfirm(null)}
      />
      <ConfirmDialog
        open={confirm === 'approve'}
        title="Approve Contact"
        text={CONTACT_MESSAGES.approveText}
        busy={approve.isPending}
        onConfirm={() => void runAction('approve')}
        onCancel={() => setConfirm(null)}
      />
      <ErrorDialog text={errorText} onClose={() => setErrorText(null)} />
      {contact && <CmsAccessDialog open={accessOpen} contact={contact} onClose={() => setAccessOpen(false)} />}
    </Box>
  );
}
