import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
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
import { JOB_MESSAGES, listMetaOf, ZJobListRequestSchema, type JobRow } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { ServerGrid } from '../../ui/list/server-grid.tsx';
import { AgreementDialog, JobStatusChip } from './agreement-dialog.tsx';
import { useJobList } from './api.ts';
import { BILLING_EMPTY, useBillingList } from './billing-list.tsx';

const JOB_LIST = listMetaOf(ZJobListRequestSchema);
const SORT_LABELS = { id: 'Job ID', jobNum: 'Agreement #', jobStatus: 'Status' } as const;

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

/** requirements §11.1: /jobs, the agreements of the caller's customer (Administrator). */
export function JobsListPage() {
  const url = useBillingList(ZJobListRequestSchema);
  const { state, update, params } = url;
  const navigate = useNavigate();
  const includeInactive = state.includeInactive;
  const jobs = useJobList(state);
  // ?agreement={id} (outside the list's schema) opens the Agreement dialog.
  const openAgreement = (id: number | null) => update({}, { keep: { agreement: id === null ? null : String(id) } });
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
              openAgreement(row.id);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- openAgreement only writes the URL
    [],
  );

  return (
    <>
      <ListScreen
        title="Agreements"
        subtitle="Jobs"
        order={sortLabel(SORT_LABELS[state.sort], state.direction, state.sort === 'id' ? 'number' : 'text')}
        actions={
          <>
            <JobButton to={selected ? hrefs.jobBalances({ jobid: selected }) : null} icon={<AccountBalanceIcon />} label="Balances" />
            <JobButton to={selected ? hrefs.jobReports({ jobid: selected }) : null} icon={<AssessmentIcon />} label="Job Reports" />
            <JobButton to={selected ? hrefs.jobProducts({ jobid: selected }) : null} icon={<Inventory2Icon />} label="Products/Services" />
            <FormControlLabel
              sx={{ ml: 1 }}
              control={<Switch checked={!includeInactive} onChange={(e) => update({ includeInactive: !e.target.checked })} />}
              label={includeInactive ? JOB_MESSAGES.showAll : JOB_MESSAGES.activeOnly}
            />
            <Button startIcon={<RefreshIcon />} onClick={() => void jobs.refetch()}>
              Refresh
            </Button>
            <Button startIcon={<AddIcon />} onClick={() => void navigate(hrefs.jobAdd())}>
              New
            </Button>
          </>
        }
      >
        <ServerGrid
          label="Jobs"
          list={jobs}
          url={url}
          meta={JOB_LIST}
          emptyText={BILLING_EMPTY}
          columns={columns}
          selectedId={selected}
          onRowClick={(row) => setSelectedId(row.id)}
        />
      </ListScreen>
      <AgreementDialog jobId={openId} onClose={() => openAgreement(null)} />
    </>
  );
}
