import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ToolbarProps, View } from 'react-big-calendar';
import { CALENDAR_VIEWS, type CalendarView } from '@sc/common';
import type { CalendarEvent } from './calendar-events.ts';

const VIEW_LABELS: Record<CalendarView, string> = { month: 'Month', week: 'Week', day: 'Day' };

/**
 * The calendar's own toolbar in MUI: Today / Back / Next, the visible period (announced when it changes)
 * and the views of requirements §2.1 as a toggle that says which one is pressed. There is no agenda.
 */
export function CalendarToolbar({ label, view, onNavigate, onView }: ToolbarProps<CalendarEvent>) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
      <ButtonGroup size="small" variant="outlined" aria-label="Calendar navigation">
        <Button onClick={() => onNavigate('TODAY')}>Today</Button>
        <Button onClick={() => onNavigate('PREV')}>Back</Button>
        <Button onClick={() => onNavigate('NEXT')}>Next</Button>
      </ButtonGroup>
      <Typography component="h2" variant="h6" aria-live="polite" sx={{ flex: '1 1 auto', textAlign: 'center', order: { xs: 3, sm: 0 }, width: { xs: '100%', sm: 'auto' } }}>
        {label}
      </Typography>
      <ToggleButtonGroup
        size="small"
        exclusive
        color="primary"
        value={view}
        onChange={(_, v: View | null) => v && onView(v)}
        aria-label="Calendar view"
        sx={{ ml: { xs: 'auto', sm: 0 } }}
      >
        {CALENDAR_VIEWS.map((v) => (
          // text.secondary rather than MUI's action.active, which falls under 4.5:1 on the hover tint.
          <ToggleButton key={v} value={v} sx={{ px: 1.5, '&:not(.Mui-selected)': { color: 'text.secondary' } }}>
            {VIEW_LABELS[v]}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
