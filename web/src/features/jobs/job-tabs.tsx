import { Link as RouterLink } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { JobDetail } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';

type JobView = 'products' | 'services' | 'balances' | 'jobreports';

const VIEWS: { view: JobView; label: string; path: (id: number) => string }[] = [
  { view: 'products', label: 'Products', path: (jobid) => hrefs.jobProducts({ jobid }) },
  { view: 'services', label: 'Managed Services', path: (jobid) => hrefs.jobServices({ jobid }) },
  { view: 'balances', label: 'Balances', path: (jobid) => hrefs.jobBalances({ jobid }) },
  { view: 'jobreports', label: 'Time Data', path: (jobid) => hrefs.jobReports({ jobid }) },
];

/** The job's sub-views as link tabs (Products/Services opens Products, with a tab to Managed Services). */
export function JobTabs({ jobId, current }: { jobId: number; current: JobView }) {
  return (
    <Tabs value={current} variant="scrollable" allowScrollButtonsMobile aria-label="Job views" sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
      {VIEWS.map((v) => (
        <Tab key={v.view} value={v.view} label={v.label} component={RouterLink} to={v.path(jobId)} />
      ))}
    </Tabs>
  );
}

/** 'Agreement {number} · {short description}': the header line of a job's sub-page. */
export const jobHeaderLine = (job: JobDetail | undefined): string | undefined =>
  job ? [`Agreement ${job.agreementNumber}`, job.summary].filter(Boolean).join(' · ') : undefined;
