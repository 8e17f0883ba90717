import { cloneElement, isValidElement, useCallback, useEffect, useMemo, useRef, useState, type ReactElement, type ReactNode, type RefObject, type SyntheticEvent } from 'react';
import dayjs from 'dayjs';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { Calendar, type Components, type DateHeaderProps, type EventWrapperProps, type View } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { CALENDAR_VIEWS, type CalendarView } from '@sc/common';
import { collapseOverlaps, statusClassOf, type CalendarEvent } from './calendar-events.ts';
import { calendarSx } from './calendar-styles.ts';
import { CalendarToolbar } from './calendar-toolbar.tsx';
import { calendarLocalizer } from './zoned-dates.ts';

/**
 * Month events are plain divs in react-big-calendar; week and day events are already role=button with
 * tabIndex 0. Every event gets the same: focusable, a button, named by its full description (the
 * library's onKeyDown on the same element opens it with Enter, see onKeyPressEvent).
 */
function EventWrapper({ children, event }: EventWrapperProps<CalendarEvent> & { children?: ReactNode }) {
  if (!isValidElement(children)) return <>{children}</>;
  return cloneElement(children as ReactElement<Record<string, unknown>>, { tabIndex: 0, role: 'button', 'aria-label': event.description });
}

/** A month cell's day number, named with its full date (the button opens that day). */
function DateHeader({ label, date, drilldownView, onDrillDown }: DateHeaderProps) {
  if (!drilldownView) return <span>{label}</span>;
  return (
    <button type="button" className="rbc-button-link" onClick={onDrillDown} aria-label={dayjs(date).format('dddd, MMMM D')}>
      {label}
    </button>
  );
}

const COMPONENTS: Components<CalendarEvent> = { toolbar: CalendarToolbar, eventWrapper: EventWrapper, month: { dateHeader: DateHeader } };

/** rbc's structural roles, which it uses without the structure ARIA requires of them. */
const BROKEN_ROLES = '[role="table"], [role="row"], [role="rowgroup"], [role="cell"], [role="columnheader"]';

/**
 * react-big-calendar marks its divs as a table of rows and cells without the structure those roles
 * require (axe: aria-required-children / aria-required-parent), and its scrolling time grid cannot
 * take focus (scrollable-region-focusable). Whatever it renders is fixed up: the month becomes a named
 * group, the other roles go (events are named buttons, day numbers buttons with their date), and the
 * time grid becomes a focusable region. An observer, because the library re-renders parts on its own.
 */
function useAccessibleCalendar(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const fix = () => {
      root.querySelectorAll(BROKEN_ROLES).forEach((el) => {
        if (el.getAttribute('role') === 'table') el.setAttribute('role', 'group');
        else el.removeAttribute('role');
        el.removeAttribute('aria-sort');
      });
      root.querySelectorAll('.rbc-time-content:not([tabindex])').forEach((el) => {
        el.setAttribute('tabindex', '0');
        el.setAttribute('role', 'region');
        el.setAttribute('aria-label', 'Times of day');
      });
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['role'] });
    return () => observer.disconnect();
  }, [ref]);
}
const VIEWS: View[] = [...CALENDAR_VIEWS];
/** Day numbers without a leading zero ('1', 'Mon 16'): the library's 'DD' reads like a code. */
const FORMATS = { dateFormat: 'D', dayFormat: 'ddd D' };
const isCalendarView = (v: View): v is CalendarView => (CALENDAR_VIEWS as readonly string[]).includes(v);
/** Side by side at most this many requests in a time slot; the rest go under '+N more' (issue 14, item 12). */
const MAX_COLUMNS: Record<CalendarView, number> = { month: Infinity, week: 3, day: 6 };

interface RequestCalendarViewProps {
  events: CalendarEvent[];
  view: CalendarView;
  /** The shown day as a wall-clock local Date (zoned-dates.ts). */
  date: Date;
  /** "Now" in the user's zone, as a wall-clock local Date: today's highlight and the Today button. */
  getNow: () => Date;
  onChange: (next: { view?: CalendarView; date?: Date }) => void;
  onOpen: (event: CalendarEvent) => void;
}

/** react-big-calendar with month, week and day (requirements §2.1: no agenda), themed and keyboard-usable. */
export function RequestCalendarView({ events, view, date, getNow, onChange, onOpen }: RequestCalendarViewProps) {
  const scrollToTime = useMemo(() => new Date(1970, 0, 1, 7), []);
  const ref = useRef<HTMLDivElement>(null);
  useAccessibleCalendar(ref);
  const [moreOf, setMoreOf] = useState<CalendarEvent | null>(null);
  const shown = useMemo(() => (view === 'month' ? [...events] : collapseOverlaps(events, MAX_COLUMNS[view])), [events, view]);
  const select = useCallback((event: CalendarEvent) => (event.more ? setMoreOf(event) : onOpen(event)), [onOpen]);
  const onKeyPressEvent = useCallback(
    (event: CalendarEvent, e: SyntheticEvent<HTMLElement>) => {
      const key = (e.nativeEvent as KeyboardEvent).key;
      if (key === 'Enter' || key === ' ') {
        e.preventDefault();
        select(event);
      }
    },
    [select],
  );
  return (
    <Box ref={ref} sx={calendarSx}>
      <Calendar<CalendarEvent>
        localizer={calendarLocalizer}
        events={shown}
        views={VIEWS}
        view={view}
        date={date}
        getNow={getNow}
        onView={(v) => isCalendarView(v) && onChange({ view: v })}
        onNavigate={(d) => onChange({ date: d })}
        // One URL update for both, so neither overwrites the other.
        onDrillDown={(d, v) => onChange({ date: d, ...(isCalendarView(v) ? { view: v } : {}) })}
        onSelectEvent={select}
        // Overlapping requests side by side, never drawn over each other.
        dayLayoutAlgorithm="no-overlap"
        onKeyPressEvent={onKeyPressEvent}
        eventPropGetter={(e) => ({ className: statusClassOf(e) })}
        tooltipAccessor={(e) => e.description}
        components={COMPONENTS}
        formats={FORMATS}
        scrollToTime={scrollToTime}
        popup={false}
        style={{ height: '100%' }}
      />
      <Dialog open={moreOf !== null} onClose={() => setMoreOf(null)} aria-labelledby="calendar-more-title" maxWidth="xs" fullWidth>
        <DialogTitle id="calendar-more-title">{moreOf?.title}</DialogTitle>
        <DialogContent sx={{ px: 1 }}>
          <List dense aria-label="Requests">
            {moreOf?.more?.map((e) => (
              <ListItemButton
                key={e.id}
                onClick={() => {
                  setMoreOf(null);
                  onOpen(e);
                }}
              >
                <ListItemText primary={e.title} secondary={e.description.slice(e.title.length + 2)} />
              </ListItemButton>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setMoreOf(null)}>Close</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
