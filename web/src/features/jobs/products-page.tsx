import { useMemo } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { GridColDef } from '@mui/x-data-grid';
import { EXPORT_PREFIX, listMetaOf, ZProductListRequestSchema, type ProductRow } from '@sc/common';
import { withQuery } from '../../api/query-string.ts';
import { ExportButton } from '../../ui/list/export-button.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { ServerGrid } from '../../ui/list/server-grid.tsx';
import { useJob, useProducts } from './api.ts';
import { BILLING_EMPTY, decimalColumn, moneyColumn, useBillingList } from './billing-list.tsx';
import { jobHeaderLine, JobTabs } from './job-tabs.tsx';

const PRODUCT_LIST = listMetaOf(ZProductListRequestSchema);

/** requirements §11.1: /jobs/products/{jobid}, the job's products (Bill: BillableOption Billable or not). */
export function ProductsPage({ jobId }: { jobId: number }) {
  const url = useBillingList(ZProductListRequestSchema);
  const { state } = url;
  const job = useJob(jobId);
  const products = useProducts(jobId, state);
  const columns = useMemo<GridColDef<ProductRow>[]>(
    () => [
      { field: 'productName', headerName: 'Product', flex: 1, minWidth: 180 },
      { field: 'customerDescription', headerName: 'Description', flex: 1.4, minWidth: 200, sortable: false },
      decimalColumn<ProductRow>('quantity', 'Quantity', { sortable: false }),
      moneyColumn<ProductRow>('price', 'Price', { sortable: false }),
      { field: 'productClass', headerName: 'Type', minWidth: 110, sortable: false },
      {
        field: 'billable',
        headerName: 'Bill',
        minWidth: 130,
        sortable: false,
        renderCell: ({ row }) =>
          row.billable ? <Chip size="small" color="primary" label="Billable" /> : <Chip size="small" variant="outlined" label={row.billableOption ?? 'Not billable'} />,
      },
    ],
    [],
  );
  if (job.isError) return <Alert severity="error">{job.error.message}</Alert>;
  return (
    <>
      <ListScreen
        title="Products"
        subtitle={jobHeaderLine(job.data)}
        order={state.sort === 'id' ? undefined : sortLabel('Product', state.direction)}
        actions={
          <>
            <ExportButton path={withQuery(`/jobs/${jobId}/products/export`, { sort: state.sort, direction: state.direction })} fallbackName={`${EXPORT_PREFIX.products}.xlsx`} />
            <Button startIcon={<RefreshIcon />} onClick={() => void products.refetch()}>
              Refresh
            </Button>
          </>
        }
      >
        <JobTabs jobId={jobId} current="products" />
        <ServerGrid
          label="Products"
          list={products}
          url={url}
          meta={PRODUCT_LIST}
          emptyText={BILLING_EMPTY}
          columns={columns}
        />
      </ListScreen>
    </>
  );
}
