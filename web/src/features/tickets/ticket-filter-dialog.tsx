import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Alert from '@mui/material/Alert';
import FilterAltOffIcon from '@mui/icons-material/FilterAltOff';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import SaveIcon from '@mui/icons-material/Save';
import { canFilterByAssignee, type SignedInUser, type TicketCriteria, type TicketFilter, type TicketType } from '@sc/common';
import { useTicketLookups } from './api.ts';
import { EMPTY_FILTER_FORM, filterResolver, formValuesOf, hasFormValues, type FilterFormValues } from './filter-form.ts';
import { LoadFilterDialog, SaveFilterDialog } from './saved-filter-dialogs.tsx';

export interface FilterApply {
  criteria: TicketCriteria;
  savedFilterId: string | null;
}

interface TicketFilterDialogProps {
  open: boolean;
  kind: TicketType;
  user: Pick<SignedInUser, 'userType' | 'timeZone'>;
  criteria: TicketCriteria;
  savedFilterId: string | null;
  onApply: (next: FilterApply) => void;
  onClose: () => void;
}

/** 'Search Tickets' (requirements §2.1, §2.3): the list's filter criteria, saved filters, OK / Clear / Cancel. */
export function TicketFilterDialog({ open, kind, user, criteria, savedFilterId, onApply, onClose }: TicketFilterDialogProps) {
  const titleId = useId();
  const lookups = useTicketLookups(open);
  const departments = lookups.data?.departments;
  // The hidden VIP switch (requirements §2.1) is not shown, but a saved filter's value is kept.
  const keptVip = criteria.isVip;
  const kept = useMemo(() => (keptVip === undefined ? {} : { isVip: keptVip }), [keptVip]);
  const resolver = useMemo(() => filterResolver(departments ?? [], kept), [departments, kept]);
  const form = useForm<FilterFormValues, unknown, TicketCriteria>({ defaultValues: formValuesOf(criteria), resolver, mode: 'onTouched' });
  const { control, reset, handleSubmit, setValue, formState } = form;
  const [dialog, setDialog] = useState<'save' | 'load' | null>(null);

  // Each opening starts from the list's current criteria.
  useEffect(() => {
    if (open) reset(formValuesOf(criteria));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new opening resets the form
  }, [open]);

  const values = useWatch({ control });
  const current = { ...EMPTY_FILTER_FORM, ...values };
  const hasValues = hasFormValues(current);
  const subclasses = (lookups.data?.subclasses ?? []).filter((s) => String(s.classId) === current.classId);
  const showAssignee = canFilterByAssignee(user);

  const submit = handleSubmit((c) => {
    // An untouched form keeps the applied saved filter active; any change makes it an ad-hoc filter.
    onApply({ criteria: c, savedFilterId: formState.isDirty ? null : savedFilterId });
    onClose();
  });

  const applySaved = (f: TicketFilter) => {
    setDialog(null);
    onApply({ criteria: f.criteria, savedFilterId: f.id });
    onClose();
  };

  const select = (name: 'assignedTo' | 'departmentId' | 'priorityId' | 'classId' | 'subclassId' | 'siteId', label: string, options: { id: number | string; name: string }[], disabled = false) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          size="small"
          label={label}
          {...field}
          onChange={(e) => {
            field.onChange(e.target.value);
            // A subclass belongs to its class: a new class clears it.
            if (name === 'classId') setValue('subclassId', '', { shouldDirty: true });
          }}
          disabled={disabled}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          fullWidth
        >
          <MenuItem value="">
            <em>Any</em>
          </MenuItem>
          {options.map((o) => (
            <MenuItem key={o.id} value={String(o.id)}>
              {o.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const dateField = (name: 'openDateFrom' | 'openDateTo' | 'requestedStartFrom' | 'requestedStartTo', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          type="date"
          size="small"
          label={label}
          {...field}
          error={!!fieldState.error}
          helperText={fieldState.error?.message}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        />
      )}
    />
  );

  const switchField = (name: 'isShared' | 'isRequestScheduled', label: string) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} onBlur={field.onBlur} />} label={label} />
      )}
    />
  );

  return (
    <>
      <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
        <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
          <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 2 }}>
            <Box component="span" sx={{ flex: 1 }}>
              Search Tickets
            </Box>
            <Tooltip title="Load saved filter">
              <IconButton aria-label="Load saved filter" onClick={() => setDialog('load')}>
                <FolderOpenIcon />
              </IconButton>
            </Tooltip>
            <Tooltip title="Save filter">
              <span>
                <IconButton aria-label="Save filter" onClick={() => setDialog('save')} disabled={!hasValues}>
                  <SaveIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title="Clear filter">
              <span>
                <IconButton
                  aria-label="Clear filter"
                  disabled={!savedFilterId}
                  onClick={() => {
                    onApply({ criteria: {}, savedFilterId: null });
                    onClose();
                  }}
                >
                  <FilterAltOffIcon />
                </IconButton>
              </span>
            </Tooltip>
          </DialogTitle>
          <DialogContent dividers>
            <Box sx={{ height: 4, mb: 1 }}>{lookups.isFetching && <LinearProgress aria-label="Loading lookups" />}</Box>
            {lookups.error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {lookups.error.message}
              </Alert>
            )}
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {showAssignee && select('assignedTo', 'Assigned To', (lookups.data?.assignees ?? []).map((a) => ({ id: a.key, name: a.displayName })))}
              {select('departmentId', 'Resp. Department', lookups.data?.departments ?? [])}
              {dateField('openDateFrom', 'Create Date From')}
              {dateField('openDateTo', 'Create Date To')}
              {select('priorityId', 'Priority', lookups.data?.priorities ?? [])}
              {select('siteId', 'Site', lookups.data?.sites ?? [])}
              {select('classId', 'Class', lookups.data?.classes ?? [])}
              {select('subclassId', 'Subclass', subclasses, !current.classId)}
              {kind === 'ServiceRequest' && dateField('requestedStartFrom', 'Requested Start From')}
              {kind === 'ServiceRequest' && dateField('requestedStartTo', 'Requested Start To')}
              {switchField('isShared', 'Shared')}
              {kind === 'ServiceRequest' && switchField('isRequestScheduled', 'Scheduled')}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => reset(EMPTY_FILTER_FORM, { keepDefaultValues: true })} sx={{ mr: 'auto' }}>
              Clear
            </Button>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!hasValues}>
              OK
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
      <SaveFilterDialog
        open={dialog === 'save'}
        kind={kind}
        formValues={current}
        departments={lookups.data?.departments ?? []}
        kept={kept}
        onSaved={applySaved}
        onClose={() => setDialog(null)}
      />
      <LoadFilterDialog open={dialog === 'load'} kind={kind} timeZone={user.timeZone} onApply={applySaved} onClose={() => setDialog(null)} />
    </>
  );
}
