import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { EXPORT_PREFIX, formatUsd, type InvoiceLine } from '@sc/common';
import { formatDate } from '../../ui/dates.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { useInvoiceDetails } from './api.ts';
import { ExportButton } from '../../ui/list/export-button.tsx';
import { decimalColumn, moneyColumn } from './billing-list.tsx';
import { hrefs } from '../../config/hrefs.ts';

/** requirements §11.1: /jobs/balances/details/{id}: the invoice's lines, Total = Qty × Price, and the grand total. */
export function InvoiceDetailsPage({ id }: { id: number }) {
  const details = useInvoiceDetails(id);
  const columns = useMemo<GridColDef<InvoiceLine>[]>(
    () => [
      { field: 'item', headerName: 'Item', minWidth: 120 },
      { field: 'description', headerName: 'Description', flex: 1, minWidth: 220 },
      decimalColumn<InvoiceLine>('quantity', 'Qty', { minWidth: 70 }),
      moneyColumn<InvoiceLine>('price', 'Price'),
      moneyColumn<InvoiceLine>('total', 'Total'),
    ],
    [],
  );
  if (details.isError) return <Alert severity="error">{details.error.message}</Alert>;
  const inv = details.data?.invoice;
  return (
    <>
      <PageHeader
        title={inv ? `Invoice ${inv.transNum} · Agreement ${inv.agreementNumber}` : 'Invoice'}
        subtitle={inv ? `Invoice Details · ${formatDate(inv.transDate)}` : 'Invoice Details'}
        toolbar={
          <>
            {inv && (
              <Button startIcon={<ArrowBackIcon />} component={RouterLink} to={hrefs.jobBalances({ jobid: inv.jobId })}>
                Balances
              </Button>
            )}
            <ExportButton path={`/invoices/${id}/export`} fallbackName={`${EXPORT_PREFIX.invoiceDetails(inv?.transNum ?? String(id))}.xlsx`} disabled={!inv} />
            {inv?.includeTimeActivity && (
              <Button component={RouterLink} to={hrefs.jobReports({ jobid: inv.jobId, invid: inv.id })}>
                Time Data
              </Button>
            )}
          </>
        }
      />
      <DataGrid<InvoiceLine>
        aria-label="Invoice lines"
        rows={details.data?.lines ?? []}
        columns={columns}
        loading={details.isPending}
        density="compact"
        rowHeight={52}
        autoHeight
        hideFooter
        disableColumnMenu
        localeText={{ noRowsLabel: 'No data' }}
        slotProps={{ loadingOverlay: { variant: 'skeleton', noRowsVariant: 'skeleton' } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', py: 1.5, px: 1 }}>
        <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
          Grand Total: {details.data ? formatUsd(details.data.grandTotal) : ''}
        </Typography>
      </Box>
    </>
  );
}
