import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import AddIcon from '@mui/icons-material/Add';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AssessmentIcon from '@mui/icons-material/Assessment';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { GridColDef } from '@mui/x-data-grid';
import { JOB_MESSAGES, JOB_SORT_KEYS, type JobRow, type JobSortKey } from '@sc/common';
import { PageHeader } from '../../ui/page-header.tsx';
import { AgreementDialog, JobStatusChip } from './agreement-dialog.tsx';
import { useJobList } from './api.ts';
import { ServerGrid, useListParams } from './billing-list.tsx';

/** A toolbar button that needs a selected job: disabled with the spec's hint until one is. */
function JobButton({ to, icon, label }: { to: string | null; icon: React.ReactNode; label: string }) {
  const button = (
    <Button startIcon={icon} component={RouterLink} to={to ?? '#'} disabled={to === null}>
      {label}
    </Button>
  );
  if (to !== null) return button;
  return (
    <Tooltip title={JOB_MESSAGES.selectJob}>
      <span>{button}</span>
    </Tooltip>
  );
}

/** 001 §2.8: /jobs, the agreements of the caller's customer (Administrator). */
export function JobsListPage() {
  const list = useListParams<JobSortKey>(JOB_SORT_KEYS, 'id', 'desc');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const includeInactive = params.get('all') === '1';
  const jobs = useJobList({ page: list.page, pageSize: list.pageSize, sort: list.sort, direction: list.direction, includeInactive });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // ?agreement={id}: a global-search Job result opens its Agreement dialog.
  const agreementParam = Number(params.get('agreement'));
  const openId = Number.isInteger(agreementParam) && agreementParam > 0 ? agreementParam : null;
  const rows = jobs.data?.rows ?? [];
  const selected = rows.some((r) => r.id === selectedId) ? selectedId : null;

  const columns = useMemo<GridColDef<JobRow>[]>(
    () => [
      {
        field: 'jobNum',
        headerName: 'Agreement #',
        minWidth: 140,
        renderCell: ({ row }) => (
          <Link
            component="button"
            type="button"
            onClick={(e) => {
              e.stopPropagation();
              setSelectedId(row.id);
              list.update({ agreement: String(row.id) });
            }}
            aria-label={`Agreement ${row.agreementNumber}`}
          >
            {row.agreementNumber}
          </Link>
        ),
      },
      { field: 'summary', headerName: 'Summary', flex: 1, minWidth: 200, sortable: false },
      { field: 'jobStatus', headerName: 'Status', minWidth: 120, renderCell: ({ row }) => <JobStatusChip status={row.status} /> },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- list.update only writes the URL
    [],
  );

  return (
    <>
      <PageHeader
        title="Agreements"
        subtitle="Jobs"
        toolbar={
          <>
            <JobButton to={selected ? `/jobs/balances/${selected}` : null} icon={<AccountBalanceIcon />} label="Balances" />
            <JobButton to={selected ? `/jobs/jobreports/${selected}` : null} icon={<AssessmentIcon />} label="Job Reports" />
            <JobButton to={selected ? `/jobs/products/${selected}` : null} icon={<Inventory2Icon />} label="Products/Services" />
            <FormControlLabel
              sx={{ ml: 1 }}
              control={<Switch checked={!includeInactive} onChange={(e) => list.update({ all: e.target.checked ? null : '1', page: null })} />}
              label={includeInactive ? JOB_MESSAGES.showAll : JOB_MESSAGES.activeOnly}
            />
            <Button startIcon={<RefreshIcon />} onClick={() => void jobs.refetch()}>
              Refresh
            </Button>
            <Button startIcon={<AddIcon />} onClick={() => void navigate('/jobs/add')}>
              New
            </Button>
          </>
        }
      />
      <ServerGrid
        label="Jobs"
        rows={rows}
        columns={columns}
        total={jobs.data?.total ?? 0}
        loading={jobs.isFetching}
        error={jobs.error}
        list={list}
        defaultSort="id"
        sortKeys={JOB_SORT_KEYS}
        selectedId={selected}
        onRowClick={(row) => setSelectedId(row.id)}
      />
      <AgreementDialog jobId={openId} onClose={() => list.update({ agreement: null })} />
    </>
  );
}
