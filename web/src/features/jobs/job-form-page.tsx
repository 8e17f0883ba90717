import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import { JOB_MESSAGES, JOB_STATUS_OPTIONS, ZJobSaveRequestSchema, type JobDetail, type JobSaveRequest, type JobSaveValues } from '@sc/common';
import { isApiError } from '../../api/client.ts';
import { setServerFieldErrors, useReturnAfterSave } from '../../ui/form-save.ts';
import { useSnackbar } from '../../ui/app-snackbar.tsx';
import { BusyButton } from '../../ui/busy-button.tsx';
import { LeavePagePrompt } from '../../ui/leave-page-prompt.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { useJob, useSaveJob } from './api.ts';
import { hrefs } from '../../config/hrefs.ts';
import { ControlledTextField } from '../../ui/controlled-text-field.tsx';

const EMPTY: JobSaveRequest = { jobNum: '', internalShortDesc: '', jobStatus: 'Active', startDate: '', endDate: '' };
const toForm = (j: JobDetail): JobSaveRequest => ({
  jobNum: j.jobNum,
  internalShortDesc: j.summary ?? '',
  jobStatus: (JOB_STATUS_OPTIONS as readonly string[]).includes(j.status) ? (j.status as JobSaveRequest['jobStatus']) : 'Active',
  startDate: j.startDate ?? '',
  endDate: j.endDate ?? '',
});

/** /jobs/add and /jobs/edit/{jobid} (new-job, update-job); an e-mailed JOBID link lands on the edit route. */
export function JobFormPage({ id }: { id?: number }) {
  const job = useJob(id);
  if (id !== undefined && job.isError) return <Alert severity="error">{job.error.message}</Alert>;
  if (id !== undefined && !job.data) return <Skeleton variant="rounded" height={320} aria-label="Loading job" />;
  return <JobForm key={id ?? 'new'} job={job.data} />;
}

function JobForm({ job }: { job?: JobDetail }) {
  const navigate = useNavigate();
  const showSnackbar = useSnackbar();
  const save = useSaveJob();
  const { isSaved, markSaved } = useReturnAfterSave(hrefs.jobs());
  const form = useForm<JobSaveRequest, unknown, JobSaveValues>({ resolver: zodResolver(ZJobSaveRequestSchema), defaultValues: job ? toForm(job) : EMPTY, mode: 'onTouched' });
  const { control } = form;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: job?.id, body: values });
      markSaved();
      showSnackbar(JOB_MESSAGES.saved, { severity: 'success' });
    } catch (e) {
      setServerFieldErrors(e, form.setError);
      showSnackbar(isApiError(e) ? e.message : 'An Error Occurred', { severity: 'error' });
    }
  });

  const text = (name: Exclude<keyof JobSaveRequest, 'jobStatus'>, label: string, extra: { type?: string; multiline?: boolean; required?: boolean } = {}) => (
    <ControlledTextField
      name={name}
      control={control}
      label={label}
      type={extra.type}
      required={extra.required}
      multiline={extra.multiline}
      minRows={extra.multiline ? 2 : undefined}
      fullWidth
      sx={extra.multiline ? { gridColumn: { sm: '1 / -1' } } : undefined}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ maxWidth: 960 }}>
      <LeavePagePrompt when={form.formState.isDirty && !isSaved} />
      <PageHeader
        title={job ? `Agreement ${job.agreementNumber}` : 'New Job'}
        subtitle={job ? 'Edit Job' : 'New Job'}
        toolbar={
          <>
            <BusyButton type="submit" variant="contained" busy={save.isPending} disabled={isSaved}>
              Save
            </BusyButton>
            <Button onClick={() => void navigate(hrefs.jobs())}>Cancel</Button>
          </>
        }
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {text('jobNum', 'Agreement #', { required: true })}
          <ControlledTextField name="jobStatus" control={control} select label="Status" fullWidth>
            {JOB_STATUS_OPTIONS.map((s) => (
              <MenuItem key={s} value={s}>
                {s}
              </MenuItem>
            ))}
          </ControlledTextField>
          {text('internalShortDesc', 'Summary', { multiline: true })}
          {text('startDate', 'Start Date', { type: 'date' })}
          {text('endDate', 'End Date', { type: 'date' })}
        </Box>
      </Paper>
    </Box>
  );
}
