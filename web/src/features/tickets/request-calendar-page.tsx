import { useCallback, useMemo } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import RefreshIcon from '@mui/icons-material/Refresh';
import ViewListIcon from '@mui/icons-material/ViewList';
import {
  CALENDAR_MAX_EVENTS,
  CALENDAR_MESSAGES,
  TICKET_SEARCH_DEBOUNCE_MS,
  TICKET_STATUS_FILTERS,
  hasTicketCriteria,
  isCustomerUser,
  type CalendarView,
  type TicketStatusFilter,
} from '@sc/common';
import { useSignedInUser } from '../auth/session-context.ts';
import { ToolbarSearchField } from '../../ui/list-toolbar.tsx';
import { ListError, ListScreen } from '../../ui/list/list-screen.tsx';
import { useListUrlState } from '../../ui/list/use-list-url-state.ts';
import { useSearchBox } from '../../ui/list/use-search-box.ts';
import { useRequestCalendar } from './calendar-api.ts';
import { SEARCH_PLACEHOLDER } from './ticket-list-toolbar.tsx';
import { listPathFor, ZCalendarUrlSchema, type CalendarUrlState } from './calendar-params.ts';
import { NO_CRITERIA } from './filter-form.ts';
import { toCalendarEvent, type CalendarEvent } from './calendar-events.ts';
import { RequestCalendarView } from './request-calendar-view.tsx';
import { formatDay, fromWallClock, parseDay, toWallClock, visibleRange, zoneOrLocal } from './zoned-dates.ts';
import { hrefs } from '../../config/hrefs.ts';

const STATUS_LABELS: Record<TicketStatusFilter, string> = { '<ALL>': '(All)', Open: 'Open', Closed: 'Closed', Escalation: 'Escalation', 'On Hold': 'On Hold' };

/**
 * requirements §2.1: the request lists' calendar view, /requests/calendar and /myrequests/calendar. Status, search
 * and the filter dialog's criteria come from the list's query parameters; view and day are the
 * calendar's own, so the back button and a reload keep them.
 */
export function RequestCalendarPage({ mine }: { mine: boolean }) {
  const user = useSignedInUser();
  const timeZone = zoneOrLocal(user.timeZone);
  const theme = useTheme();
  // A month grid is unreadable at 375 px: phones open on the day (decision 007).
  // noSsr: read the width on the first render, so a phone never asks for the month first.
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const navigate = useNavigate();
  const location = useLocation();
  // The one URL-state hook (docs/conventions.md 'Lists'): the list's status, search and criteria and the
  // calendar's view and day, parsed by one schema. Moving around the calendar replaces the history entry.
  const { state, update: updateUrl, params } = useListUrlState(ZCalendarUrlSchema);
  const { view: viewParam, date: dayParam, ...filters } = state;
  const view: CalendarView = viewParam ?? (isPhone ? 'day' : 'month');
  const getNow = useCallback(() => toWallClock(Date.now(), timeZone), [timeZone]);
  const date = parseDay(dayParam ?? null) ?? getNow();

  const update = useCallback((patch: Partial<CalendarUrlState>) => updateUrl(patch, { replace: true }), [updateUrl]);
  const [searchText, setSearchText] = useSearchBox(state.search, (search) => update({ search: search || undefined }), TICKET_SEARCH_DEBOUNCE_MS);

  // The list's filters as the URL holds them, for the scope of the route and the visible range.
  const { start, end } = visibleRange(view, date);
  const query = { ...filters, ...(mine ? { mine: true } : {}), from: fromWallClock(start, timeZone), to: fromWallClock(end, timeZone) };
  const calendar = useRequestCalendar(query);
  const events = useMemo(() => (calendar.data?.events ?? []).map((e) => toCalendarEvent(e, timeZone)), [calendar.data, timeZone]);

  const onOpen = useCallback(
    (e: CalendarEvent) => void navigate(hrefs.serviceRequestView({ id: e.id }), { state: { from: `${location.pathname}${location.search}` } }),
    [navigate, location.pathname, location.search],
  );
  const onChange = useCallback(
    (next: { view?: CalendarView; date?: Date }) => update({ ...(next.view ? { view: next.view } : {}), ...(next.date ? { date: formatDay(next.date) } : {}) }),
    [update],
  );

  return (
    <>
      <ListScreen
        title={mine ? 'My Service Requests' : 'Service Requests'}
        filters={!isCustomerUser(user) && <ToolbarSearchField label={SEARCH_PLACEHOLDER.ServiceRequest} value={searchText} onChange={setSearchText} />}
        actions={
          <>
            <ButtonGroup size="small" aria-label="List or calendar">
              <Button component={RouterLink} to={listPathFor(mine, params)} startIcon={<ViewListIcon />}>
                List
              </Button>
              <Button variant="contained" aria-current="page" startIcon={<CalendarMonthIcon />}>
                Calendar
              </Button>
            </ButtonGroup>
            <TextField
              select
              size="small"
              label="Status"
              value={state.status}
              onChange={(e) => update({ status: e.target.value as TicketStatusFilter })}
              sx={{ minWidth: 140 }}
            >
              {TICKET_STATUS_FILTERS.map((s) => (
                <MenuItem key={s} value={s}>
                  {STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
            <Button startIcon={<RefreshIcon />} onClick={() => void calendar.refetch()}>
              Refresh
            </Button>
            {/* Space kept while idle, so the toolbar does not shift when a range loads. */}
            <Box role="status" sx={{ width: 96, display: 'flex', alignItems: 'center', gap: 1 }}>
              {calendar.isFetching && (
                <>
                  <CircularProgress size={16} aria-hidden />
                  <Typography variant="body2" color="text.secondary">
                    {CALENDAR_MESSAGES.loading}
                  </Typography>
                </>
              )}
            </Box>
            {hasTicketCriteria(state) && <Chip label="Filter applied" onDelete={() => update(NO_CRITERIA)} />}
          </>
        }
      >
        <ListError error={calendar.error} onRetry={() => void calendar.refetch()} />
        {calendar.data?.truncated && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {CALENDAR_MESSAGES.truncated(CALENDAR_MAX_EVENTS)}
          </Alert>
        )}
        <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
          <RequestCalendarView events={events} view={view} date={date} getNow={getNow} onChange={onChange} onOpen={onOpen} />
        </Paper>
      </ListScreen>
    </>
  );
}
