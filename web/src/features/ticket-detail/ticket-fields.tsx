import type { ReactNode } from 'react';
import { Controller, useController, useWatch, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TICKET_DETAIL_STATUSES, TICKET_LIMITS, type TicketLookupsResponse } from '@sc/common';
import type { TicketFormValues } from './ticket-form-values.ts';

export function FactList({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))' }, gap: 2, m: 0 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ minWidth: 0 }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body1" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value === null || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface Props {
  control: Control<TicketFormValues>;
  /** The ticket's assignee as stored, offered even when the lookups no longer list it (an inactive technician). */
  currentAssignee?: { key: string; name: string | null } | undefined;
  lookups: TicketLookupsResponse | undefined;
  isRequest: boolean;
  isUser: boolean;
  /** Status is set on an existing ticket only; a new one is Open. */
  showStatus: boolean;
  disabled: boolean;
}

const grid = { display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 } as const;

/** The lookups' assignees, plus the ticket's own when missing, so the form never shows a stored assignee blank. */
export function assigneeOptions(lookups: TicketLookupsResponse | undefined, current?: { key: string; name: string | null }) {
  const options = (lookups?.assignees ?? []).map((a) => ({ value: a.key, label: a.displayName }));
  if (current?.key && !options.some((o) => o.value === current.key)) options.push({ value: current.key, label: current.name ?? current.key });
  return options;
}

/** The editable fields of the incident and service-request forms (requirements §3.1). */
export function TicketFields({ control, lookups, currentAssignee, isRequest, isUser, showStatus, disabled }: Props) {
  const classId = useWatch({ control, name: 'classId' });
  const subclasses = (lookups?.subclasses ?? []).filter((s) => String(s.classId) === classId);

  const select = (name: keyof TicketFormValues, label: string, options: { value: string; label: string }[], onPick?: () => void) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          label={label}
          value={field.value}
          onChange={(e) => {
            field.onChange(e.target.value);
            onPick?.();
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          disabled={disabled}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          fullWidth
        >
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Controller
        name="shortDescription"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            label="Short Description"
            required
            disabled={disabled}
            error={!!fieldState.error}
            helperText={fieldState.error?.message}
            slotProps={{ htmlInput: { maxLength: TICKET_LIMITS.shortDescription } }}
            fullWidth
          />
        )}
      />
      <Controller
        name="description"
        control={control}
        render={({ field, fieldState }) => (
          <TextField {...field} label="Description" multiline minRows={4} disabled={disabled} error={!!fieldState.error} helperText={fieldState.error?.message} fullWidth />
        )}
      />
      <Box sx={grid}>
        {showStatus && select('status', 'Status', TICKET_DETAIL_STATUSES.map((s) => ({ value: s, label: s })))}
        {select('siteId', 'Site', (lookups?.sites ?? []).map((s) => ({ value: String(s.id), label: s.name })))}
        {select('departmentId', 'Department', (lookups?.departments ?? []).map((d) => ({ value: String(d.id), label: d.name })))}
        {select('priorityId', 'Priority', (lookups?.priorities ?? []).map((p) => ({ value: String(p.id), label: p.name })))}
        {select('severityShort', 'Severity', (lookups?.severities ?? []).map((s) => ({ value: s.short, label: s.name })))}
        <ClassSelect control={control} lookups={lookups} disabled={disabled} />
        {select('subclassId', 'Subclass', subclasses.map((s) => ({ value: String(s.id), label: s.name })))}
        {!isUser && select('assignee', 'Assigned To', assigneeOptions(lookups, currentAssignee))}
        {isRequest && (
          <>
            <DateField control={control} name="requestedStartDate" label="Requested Start" disabled={disabled} />
            <DateField control={control} name="requestedEndDate" label="Requested End" disabled={disabled} />
          </>
        )}
      </Box>
      {!isUser && (
        <Controller
          name="isVip"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={<Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} disabled={disabled} />}
              label="VIP"
            />
          )}
        />
      )}
    </Box>
  );
}

/** Class: picking another class clears the subclass, which depends on it. */
function ClassSelect({ control, lookups, disabled }: { control: Control<TicketFormValues>; lookups: TicketLookupsResponse | undefined; disabled: boolean }) {
  const { field, fieldState } = useController({ control, name: 'classId' });
  const { field: subclass } = useController({ control, name: 'subclassId' });
  return (
    <TextField
      select
      label="Class"
      value={field.value}
      onChange={(e) => {
        field.onChange(e.target.value);
        subclass.onChange('');
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      error={!!fieldState.error}
      helperText={fieldState.error?.message}
      fullWidth
    >
      <MenuItem value="">
        <em>None</em>
      </MenuItem>
      {(lookups?.classes ?? []).map((c) => (
        <MenuItem key={c.id} value={String(c.id)}>
          {c.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

function DateField({ control, name, label, disabled }: { control: Control<TicketFormValues>; name: 'requestedStartDate' | 'requestedEndDate'; label: string; disabled: boolean }) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          type="datetime-local"
          label={label}
          disabled={disabled}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      )}
    />
  );
}
