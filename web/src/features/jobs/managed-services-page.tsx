import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { GridColDef } from '@mui/x-data-grid';
import { EXPORT_PREFIX, listMetaOf, ZManagedServiceListRequestSchema, type ManagedServiceRow } from '@sc/common';
import { withQuery } from '../../api/query-string.ts';
import { ExportButton } from '../../ui/list/export-button.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { ServerGrid } from '../../ui/list/server-grid.tsx';
import { useJob, useManagedServices } from './api.ts';
import { BILLING_EMPTY, decimalColumn, moneyColumn, useBillingList } from './billing-list.tsx';
import { jobHeaderLine, JobTabs } from './job-tabs.tsx';

const SERVICE_LIST = listMetaOf(ZManagedServiceListRequestSchema);
const SORT_LABELS = { id: 'POServiceDetailID', rateDesc: 'Code', description: 'Description', sellPrice: 'Price', quantity: 'Quantity' } as const;

/** requirements §11.1: /jobs/services/{jobid} ('Managed Service by ID') and /services ('All Managed Services'). */
export function ManagedServicesPage({ jobId }: { jobId?: number }) {
  const url = useBillingList(ZManagedServiceListRequestSchema);
  const { state } = url;
  const job = useJob(jobId);
  // The job of /jobs/services/{jobid} comes from the path, not the URL's query.
  const query = { ...state, jobId };
  const services = useManagedServices(query);
  const columns = useMemo<GridColDef<ManagedServiceRow>[]>(
    () => [
      ...(jobId === undefined ? [{ field: 'jobNum', headerName: 'Agreement #', minWidth: 120, sortable: false } satisfies GridColDef<ManagedServiceRow>] : []),
      { field: 'rateDesc', headerName: 'Code', minWidth: 150 },
      { field: 'description', headerName: 'Description', flex: 1, minWidth: 220 },
      moneyColumn<ManagedServiceRow>('sellPrice', 'Price'),
      decimalColumn<ManagedServiceRow>('quantity', 'Quantity'),
    ],
    [jobId],
  );
  if (jobId !== undefined && job.isError) return <Alert severity="error">{job.error.message}</Alert>;
  return (
    <>
      <ListScreen
        title={jobId === undefined ? 'All Managed Services' : 'Managed Service by ID'}
        subtitle={jobId === undefined ? 'Managed Services' : jobHeaderLine(job.data)}
        order={sortLabel(SORT_LABELS[state.sort], state.direction, state.sort === 'id' ? 'number' : state.sort === 'sellPrice' || state.sort === 'quantity' ? 'number' : 'text')}
        actions={
          <>
            <ExportButton
              path={withQuery('/managed-services/export', { jobId, sort: state.sort, direction: state.direction })}
              fallbackName={`${EXPORT_PREFIX.managedServices}.xlsx`}
            />
            <Button startIcon={<RefreshIcon />} onClick={() => void services.refetch()}>
              Refresh
            </Button>
          </>
        }
      >
        {jobId !== undefined && <JobTabs jobId={jobId} current="services" />}
        <ServerGrid
          label="Managed services"
          list={services}
          url={url}
          meta={SERVICE_LIST}
          emptyText={BILLING_EMPTY}
          columns={columns}
        />
      </ListScreen>
    </>
  );
}
