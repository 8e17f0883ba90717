import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { GridColDef } from '@mui/x-data-grid';
import { EXPORT_PREFIX, MANAGED_SERVICE_SORT_KEYS, type ManagedServiceRow, type ManagedServiceSortKey } from '@sc/common';
import { PageHeader } from '../../ui/page-header.tsx';
import { queryString, useJob, useManagedServices } from './api.ts';
import { decimalColumn, ExportButton, moneyColumn, ServerGrid, useListParams } from './billing-list.tsx';
import { jobHeaderLine, JobTabs } from './job-tabs.tsx';

/** 001 §2.8: /jobs/services/{jobid} ('Managed Service by ID') and /services ('All Managed Services'). */
export function ManagedServicesPage({ jobId }: { jobId?: number }) {
  const list = useListParams<ManagedServiceSortKey>(MANAGED_SERVICE_SORT_KEYS, 'id', 'desc');
  const job = useJob(jobId);
  const services = useManagedServices({ jobId, page: list.page, pageSize: list.pageSize, sort: list.sort, direction: list.direction });
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
      <PageHeader
        title={jobId === undefined ? 'All Managed Services' : 'Managed Service by ID'}
        subtitle={jobId === undefined ? 'Managed Services' : jobHeaderLine(job.data)}
        toolbar={
          <>
            <ExportButton
              path={`/managed-services/export${queryString({ jobId, sort: list.sort, direction: list.direction })}`}
              fallbackName={`${EXPORT_PREFIX.managedServices}.xlsx`}
            />
            <Button startIcon={<RefreshIcon />} onClick={() => void services.refetch()}>
              Refresh
            </Button>
          </>
        }
      />
      {jobId !== undefined && <JobTabs jobId={jobId} current="services" />}
      <ServerGrid
        label="Managed services"
        rows={services.data?.rows ?? []}
        columns={columns}
        total={services.data?.total ?? 0}
        loading={services.isFetching}
        error={services.error}
        list={list}
        defaultSort="id"
        sortKeys={MANAGED_SERVICE_SORT_KEYS}
      />
    </>
  );
}
