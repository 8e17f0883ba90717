import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import { DEVICE_MESSAGES, DEVICE_TYPES, ZDeviceSaveRequestSchema, type Device, type DeviceSaveRequest, type DeviceSaveValues } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { setServerFieldErrors, useReturnAfterSave } from '../../ui/form-save.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { LeavePagePrompt } from '../../ui/leave-page-prompt.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useDevice, useDeviceLookups, useSaveDevice } from './api.ts';
import { BusyButton } from '../../ui/busy-button.tsx';
import { hrefs } from '../../config/hrefs.ts';
import { ControlledTextField } from '../../ui/controlled-text-field.tsx';

const EMPTY: DeviceSaveRequest = { deviceName: '', deviceType: '', description: '', contactId: null, siteId: null, kaseyaMachineGroupId: '', ncentralDeviceId: '', serialNumber: '', operatingSystem: '', warrantyEnd: '' };

const toForm = (d: Device): DeviceSaveRequest => ({
  deviceName: d.deviceName,
  deviceType: d.deviceType ?? '',
  description: d.description ?? '',
  contactId: d.contactId,
  siteId: d.siteId,
  kaseyaMachineGroupId: d.kaseyaMachineGroupId ?? '',
  ncentralDeviceId: d.ncentralDeviceId ?? '',
  serialNumber: d.serialNumber ?? '',
  operatingSystem: d.operatingSystem ?? '',
  warrantyEnd: d.warrantyEnd ?? '',
});

/** /devices/add and /devices/edit/{id} (Administrator). */
export function DeviceFormPage({ id }: { id?: number }) {
  const device = useDevice(id);
  if (id !== undefined && device.isError) return <Alert severity="error">{device.error.message}</Alert>;
  if (id !== undefined && !device.data) return <Skeleton variant="rounded" height={320} aria-label="Loading device" />;
  return <DeviceForm key={id ?? 'new'} device={device.data} />;
}

function DeviceForm({ device }: { device?: Device }) {
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const lookups = useDeviceLookups();
  const save = useSaveDevice();
  const { isSaved, markSaved } = useReturnAfterSave(hrefs.devices());
  const form = useForm<DeviceSaveRequest, unknown, DeviceSaveValues>({
    resolver: zodResolver(ZDeviceSaveRequestSchema),
    defaultValues: device ? toForm(device) : EMPTY,
    mode: 'onTouched',
  });
  const { control } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: device?.id, body: values });
      markSaved();
      showSnackbar(DEVICE_MESSAGES.saved, { severity: 'success' });
    } catch (e) {
      setServerFieldErrors(e, form.setError);
      showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' });
    }
  });

  const text = (name: keyof DeviceSaveRequest, label: string, extra: { multiline?: boolean; type?: string } = {}) => (
    <ControlledTextField
      name={name}
      control={control}
      label={label}
      type={extra.type}
      multiline={extra.multiline}
      minRows={extra.multiline ? 3 : undefined}
      fullWidth
      sx={extra.multiline ? { gridColumn: { sm: '1 / -1' } } : undefined}
    />
  );

  const contacts = lookups.data?.contacts ?? [];
  const sites = lookups.data?.sites ?? [];
  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ maxWidth: 960 }}>
      <LeavePagePrompt when={form.formState.isDirty && !isSaved} />
      <PageHeader
        title={device ? device.deviceName : 'New Device'}
        subtitle={device ? 'Edit Device' : 'New Device'}
        toolbar={
          <>
            <BusyButton type="submit" variant="contained" busy={save.isPending} disabled={isSaved}>
              Save
            </BusyButton>
            <Button onClick={() => void navigate(hrefs.devices())}>Cancel</Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {text('deviceName', 'Name')}
          <Controller
            name="deviceType"
            control={control}
            render={({ field }) => (
              <TextField select label="Type" value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value)} onBlur={field.onBlur} fullWidth>
                <MenuItem value="">
                  <em>None</em>
                </MenuItem>
                {DEVICE_TYPES.map((t) => (
                  <MenuItem key={t} value={t}>
                    {t}
                  </MenuItem>
                ))}
                {field.value && !(DEVICE_TYPES as readonly string[]).includes(field.value) && <MenuItem value={field.value}>{field.value}</MenuItem>}
              </TextField>
            )}
          />
          {text('description', 'Description', { multiline: true })}
          <Controller
            name="contactId"
            control={control}
            render={({ field }) => (
              <Autocomplete
                options={contacts}
                loading={lookups.isPending}
                value={contacts.find((c) => c.id === field.value) ?? (field.value && device?.contactName ? { id: field.value, name: device.contactName } : null)}
                onChange={(_e, v) => field.onChange(v?.id ?? null)}
                getOptionLabel={(o) => o.name}
                isOptionEqualToValue={(a, b) => a.id === b.id}
                renderInput={(params) => <TextField {...params} label="Contact" />}
              />
            )}
          />
          <Controller
            name="siteId"
            control={control}
            render={({ field }) => (
              <TextField select label="Site" value={field.value ?? ''} onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))} fullWidth>
                <MenuItem value="">
                  <em>None</em>
                </MenuItem>
                {sites.map((s) => (
                  <MenuItem key={s.id} value={s.id}>
                    {s.name}
                  </MenuItem>
                ))}
                {field.value != null && !sites.some((s) => s.id === field.value) && <MenuItem value={field.value}>{device?.siteName ?? '…'}</MenuItem>}
              </TextField>
            )}
          />
          {text('kaseyaMachineGroupId', 'Kaseya Machine Group ID')}
          {text('ncentralDeviceId', 'N-central Device ID')}
          {text('serialNumber', 'Serial Number')}
          {text('operatingSystem', 'Operating System')}
          {text('warrantyEnd', 'Warranty End', { type: 'date' })}
        </Box>
      </Paper>
    </Box>
  );
}
