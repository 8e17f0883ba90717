import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { canSeeJobs, MESSAGES } from '@sc/common';
import { useSignedInUser } from '../../features/auth/session-context.ts';
import { BalancesPage } from '../../features/jobs/balances-page.tsx';
import { InvoiceDetailsPage } from '../../features/jobs/invoice-details-page.tsx';
import { JobFormPage } from '../../features/jobs/job-form-page.tsx';
import { JobsListPage } from '../../features/jobs/jobs-list-page.tsx';
import { ManagedServicesPage } from '../../features/jobs/managed-services-page.tsx';
import { ProductsPage } from '../../features/jobs/products-page.tsx';
import { TimeDataPage } from '../../features/jobs/time-data-page.tsx';
import { RequireRole } from '../../ui/require-role.tsx';

// Jobs (agreements) and billing screens (requirements §11.1): one lazy chunk, Administrator only.

/** A path id: a positive integer, else undefined. */
const idOf = (v: string | undefined): number | undefined => {
  const n = Number(v);
  return v !== undefined && /^\d{1,10}$/.test(v) && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : undefined;
};

function Guard({ children }: { children: ReactNode }) {
  return <RequireRole allowed={canSeeJobs(useSignedInUser())}>{children}</RequireRole>;
}

/** Renders `page` with the path's ids when every named one is valid, else the not-found text. */
function WithIds({ names, optional = [], page }: { names: string[]; optional?: string[]; page: (ids: Record<string, number | undefined>) => ReactNode }) {
  const params = useParams();
  const ids: Record<string, number | undefined> = {};
  for (const n of [...names, ...optional]) {
    ids[n] = idOf(params[n]);
    if (ids[n] === undefined && (names.includes(n) || params[n] !== undefined)) return <>{MESSAGES.noMatchForPath}</>;
  }
  return <Guard>{page(ids)}</Guard>;
}

export function JobsList() {
  return (
    <Guard>
      <JobsListPage />
    </Guard>
  );
}

export function JobForm() {
  const { jobid } = useParams();
  if (jobid === undefined)
    return (
      <Guard>
        <JobFormPage />
      </Guard>
    );
  return <WithIds names={['jobid']} page={(ids) => <JobFormPage key={ids.jobid} id={ids.jobid} />} />;
}

export function JobServices() {
  return <WithIds names={['jobid']} page={(ids) => <ManagedServicesPage key={ids.jobid} jobId={ids.jobid} />} />;
}

export function AllServices() {
  return (
    <Guard>
      <ManagedServicesPage />
    </Guard>
  );
}

export function JobBalances() {
  return <WithIds names={['jobid']} page={(ids) => <BalancesPage key={ids.jobid} jobId={ids.jobid} />} />;
}

export function AllBalances() {
  return (
    <Guard>
      <BalancesPage />
    </Guard>
  );
}

export function InvoiceDetails() {
  return <WithIds names={['id']} page={(ids) => <InvoiceDetailsPage key={ids.id} id={ids.id!} />} />;
}

export function JobProducts() {
  return <WithIds names={['jobid']} page={(ids) => <ProductsPage key={ids.jobid} jobId={ids.jobid!} />} />;
}

export function JobReports() {
  return <WithIds names={['jobid']} optional={['invid']} page={(ids) => <TimeDataPage key={`${ids.jobid}-${ids.invid}`} jobId={ids.jobid!} invoiceId={ids.invid} />} />;
}
