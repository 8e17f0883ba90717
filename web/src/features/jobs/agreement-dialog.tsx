import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatUsd, type JobDetail } from '@sc/common';
import { formatDate } from '../../ui/dates.ts';
import { useJob } from './api.ts';
import { hrefs } from '../../config/hrefs.ts';

const STATUS_COLORS: Record<string, 'primary' | 'warning' | 'default'> = { Active: 'primary', Pending: 'warning', 'On Hold': 'warning', Closed: 'default' };

/** A job status as a chip, like the ticket statuses: Active blue, Pending and On Hold amber, Closed grey. */
export function JobStatusChip({ status }: { status: string }) {
  return <Chip size="small" label={status} color={STATUS_COLORS[status] ?? 'default'} variant={status === 'Closed' ? 'outlined' : 'filled'} />;
}

const hours = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

function Fact({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <Box sx={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body1" sx={{ m: 0, fontWeight: 500 }}>
        {children}
      </Typography>
    </Box>
  );
}

function Facts({ job }: { job: JobDetail }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, m: 0 }}>
      <Fact label="Agreement #">{job.agreementNumber}</Fact>
      <Fact label="Status">
        <JobStatusChip status={job.status} />
      </Fact>
      <Fact label="Summary" wide>
        {job.summary || '—'}
      </Fact>
      <Fact label="Start Date">{job.startDate ? formatDate(job.startDate) : '—'}</Fact>
      <Fact label="End Date">{job.endDate ? formatDate(job.endDate) : '—'}</Fact>
      <Fact label="Managed services">{job.managedServicesCount}</Fact>
      <Fact label="Monthly value">{formatUsd(job.monthlyValue)}</Fact>
      <Fact label="Hours logged this month">{hours.format(Number(job.hoursThisMonth))}</Fact>
    </Box>
  );
}

/** requirements §11.1: the 'Agreement' summary dialog a click on an agreement opens (also a global-search Job result). */
export function AgreementDialog({ jobId, onClose }: { jobId: number | null; onClose: () => void }) {
  const job = useJob(jobId ?? undefined);
  return (
    <Dialog open={jobId !== null} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="agreement-dialog-title">
      <DialogTitle id="agreement-dialog-title">Agreement</DialogTitle>
      <DialogContent>
        {job.isError && <Alert severity="error">{job.error.message}</Alert>}
        {job.isPending && !job.isError && <Skeleton variant="rounded" height={200} aria-label="Loading agreement" />}
        {job.data && <Facts job={job.data} />}
      </DialogContent>
      <DialogActions>
        {job.data && (
          <>
            <Button component={RouterLink} to={hrefs.jobServices({ jobid: job.data.id })}>
              Managed Services
            </Button>
            <Button component={RouterLink} to={hrefs.jobEdit({ jobid: job.data.id })}>
              Edit
            </Button>
          </>
        )}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
