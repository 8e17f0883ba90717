import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import RefreshIcon from '@mui/icons-material/Refresh';
import type { GridColDef } from '@mui/x-data-grid';
import { CONTACT_SEARCH_DEBOUNCE_MS, listMetaOf, ZSurveyListRequestSchema, type SurveyListRequest, type SurveyRow } from '@sc/common';
import { ticketHref } from '../../config/hrefs.ts';
import { dateTimeColumn } from '../../ui/list/date-time-column.ts';
import { ToolbarSearchField } from '../../ui/list-toolbar.tsx';
import { LIST_TEXTS, ListGrid } from '../../ui/list/list-grid.tsx';
import { ListScreen, sortLabel } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { useSurveyCharts, useSurveyList } from './api.ts';
import { ResponseIcon } from './response-icon.tsx';
import { SurveyCharts } from './survey-charts.tsx';

type SortKey = SurveyListRequest['sort'];
const SORT_LABELS: Record<SortKey, string> = {
  dateSubmitted: 'Submitted',
  source: 'Source',
  submittedBy: 'Submitted By',
  ticketNo: 'Incident #',
  response: 'Response',
  assignedTo: 'Assigned',
};
const SURVEY_LIST = listMetaOf(ZSurveyListRequestSchema);

/**
 * /surveys and /contact/surveys/{id} (docs/requirements.md §20.2): the four charts above the grid
 * Submitted, Source, Submitted By, Incident #, Response, Assigned; server paging, sort and search, all in the URL.
 */
export function SurveysScreen({ title, subtitle, contactId, timeZone }: { title: string; subtitle?: ReactNode; contactId: number | null; timeZone: string }) {
  const url = useListUrlState(ZSurveyListRequestSchema);
  const { state, update } = url;
  const list = useSurveyList(contactId, state);
  const charts = useSurveyCharts(contactId);
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search }), CONTACT_SEARCH_DEBOUNCE_MS);
  const columns = useMemo<GridColDef<SurveyRow>[]>(
    () => [
      { field: 'dateSubmitted', headerName: 'Submitted', flex: 1, ...dateTimeColumn(timeZone) },
      { field: 'source', headerName: 'Source', minWidth: 90, valueFormatter: (v: string | null) => v ?? '' },
      { field: 'submittedBy', headerName: 'Submitted By', minWidth: 150, flex: 1, valueFormatter: (v: string | null) => v ?? '' },
      {
        field: 'ticketNo',
        headerName: 'Incident #',
        minWidth: 120,
        renderCell: ({ row }) =>
          row.ticketId && row.ticketNo ? (
            <Link component={RouterLink} to={ticketHref(row.ticketType ?? 'Incident', 'view', row.ticketId)}>
              {row.ticketNo}
            </Link>
          ) : (
            (row.ticketNo ?? '')
          ),
      },
      { field: 'response', headerName: 'Response', minWidth: 100, renderCell: ({ row }) => <ResponseIcon response={row.response} /> },
      { field: 'assignedTo', headerName: 'Assigned', minWidth: 140, flex: 1, valueFormatter: (v: string | null) => v ?? '' },
      { field: 'comment', headerName: 'Comment', minWidth: 180, flex: 1.5, sortable: false, valueFormatter: (v: string | null) => v ?? '' },
    ],
    [timeZone],
  );
  return (
    <ListScreen
      title={title}
      subtitle={subtitle}
      order={sortLabel(SORT_LABELS[state.sort], state.direction, state.sort === 'dateSubmitted' ? 'date' : 'text')}
      actions={
        <Button
          startIcon={<RefreshIcon />}
          onClick={() => {
            void list.refetch();
            void charts.refetch();
          }}
        >
          Refresh
        </Button>
      }
      filters={<ToolbarSearchField label="Search surveys" value={searchText} onChange={setSearchText} />}
    >
      <SurveyCharts charts={charts} onAssignee={(assignedTo) => update({ search: assignedTo })} />
      <ListGrid
        label="Surveys"
        list={list}
        isFiltered={!!state.search}
        emptyText={LIST_TEXTS.noData}
        filteredEmptyText={LIST_TEXTS.filteredEmpty}
        url={url}
        meta={SURVEY_LIST}
        columns={columns}
        disableRowSelectionOnClick
      />
    </ListScreen>
  );
}
