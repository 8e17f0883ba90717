import type { SxProps, Theme } from '@mui/material/styles';

type VarsPalette = NonNullable<Theme['vars']>['palette'];

/**
 * react-big-calendar's stylesheet, re-coloured with the theme's variables so light and dark both read
 * well. `:is(…)` adds one class of specificity over the library's own rules, whichever loads last.
 * Event colours follow StatusChip (Open blue, Escalation red, On Hold amber, Closed grey) in shades
 * whose text keeps a 4.5:1 contrast in each scheme.
 */
// The app's theme always has CSS variables (theme.ts); without them the library's own colours stay.
export const calendarSx: SxProps<Theme> = (t) => (t.vars ? themedCalendar(t, t.vars.palette) : {});

const themedCalendar = (t: Theme, p: VarsPalette) => ({
  '--sc-ev-open-bg': p.primary.main,
  '--sc-ev-open-fg': p.primary.contrastText,
  '--sc-ev-escalation-bg': p.error.dark,
  '--sc-ev-escalation-fg': p.common.white,
  '--sc-ev-on-hold-bg': p.warning.light,
  '--sc-ev-on-hold-fg': 'rgba(0, 0, 0, 0.87)',
  '--sc-ev-closed-bg': p.grey[700],
  '--sc-ev-closed-fg': p.common.white,
  ...t.applyStyles('dark', {
    '--sc-ev-escalation-bg': p.error.light,
    '--sc-ev-escalation-fg': 'rgba(0, 0, 0, 0.87)',
    '--sc-ev-closed-bg': p.grey[400],
    '--sc-ev-closed-fg': 'rgba(0, 0, 0, 0.87)',
  }),
  height: { xs: 620, md: 760 },
  '& .rbc-calendar': { color: p.text.primary, fontFamily: t.typography.fontFamily, fontSize: t.typography.body2.fontSize },
  '& .rbc-calendar :is(div, span, button)': { borderColor: p.divider },
  '& .rbc-calendar :is(.rbc-day-slot .rbc-time-slot)': { borderTopColor: p.action.hover },
  '& .rbc-calendar :is(.rbc-header)': { py: 0.75, fontWeight: 600, color: p.text.secondary },
  '& .rbc-calendar :is(.rbc-off-range-bg)': { background: p.action.hover },
  '& .rbc-calendar :is(.rbc-off-range)': { color: p.text.secondary },
  '& .rbc-calendar :is(.rbc-today)': { backgroundColor: `rgba(${p.primary.mainChannel} / 0.1)` },
  '& .rbc-calendar :is(.rbc-current-time-indicator)': { backgroundColor: p.secondary.main, height: 2 },
  '& .rbc-calendar :is(.rbc-time-view-resources .rbc-time-gutter, .rbc-time-view-resources .rbc-time-header-gutter)': { backgroundColor: p.background.paper },
  '& .rbc-calendar :is(.rbc-button-link)': { color: 'inherit', borderRadius: 0.5, px: 0.5 },
  '& .rbc-calendar :is(.rbc-show-more)': { backgroundColor: 'transparent', color: p.primary.main, fontWeight: 600, textDecoration: 'underline' },
  '& .rbc-calendar :is(.rbc-button-link, .rbc-show-more):focus-visible': { outline: `2px solid ${p.primary.main}`, outlineOffset: 1 },
  '& .rbc-calendar :is(.rbc-event)': { borderRadius: 1, px: 0.75, fontWeight: 500, backgroundColor: 'var(--sc-ev-open-bg)', color: 'var(--sc-ev-open-fg)' },
  '& .rbc-calendar :is(.rbc-event):focus': { outline: 'none' },
  '& .rbc-calendar :is(.rbc-event):focus-visible': { outline: `2px solid ${p.text.primary}`, outlineOffset: 1, zIndex: 5 },
  '& .rbc-calendar :is(.rbc-day-slot .rbc-event)': { border: `1px solid ${p.background.paper}` },
  '& .rbc-calendar :is(.rbc-event.sc-event-escalation)': { backgroundColor: 'var(--sc-ev-escalation-bg)', color: 'var(--sc-ev-escalation-fg)' },
  '& .rbc-calendar :is(.rbc-event.sc-event-on-hold)': { backgroundColor: 'var(--sc-ev-on-hold-bg)', color: 'var(--sc-ev-on-hold-fg)' },
  '& .rbc-calendar :is(.rbc-event.sc-event-closed)': { backgroundColor: 'var(--sc-ev-closed-bg)', color: 'var(--sc-ev-closed-fg)' },
  // '+N more' of a crowded slot (issue 14, item 12): reads as a link to the hidden requests, not as one of them.
  '& .rbc-calendar :is(.rbc-event.sc-event-more)': { backgroundColor: p.background.paper, color: p.primary.main, fontWeight: 600, border: `1px dashed ${p.primary.main}` },
  '& .rbc-calendar :is(.rbc-time-content):focus-visible': { outline: `2px solid ${p.primary.main}`, outlineOffset: -2 },
  '& .rbc-calendar :is(.rbc-event-label)': { fontSize: '0.75rem' },
  // Narrow week columns: break between words, not inside ticket numbers, and cut what does not fit.
  '& .rbc-calendar :is(.rbc-day-slot .rbc-event-content)': { fontSize: '0.75rem', lineHeight: 1.3, wordWrap: 'normal', overflowWrap: 'break-word', overflow: 'hidden' },
  '& .rbc-calendar :is(.rbc-time-gutter, .rbc-label)': { color: p.text.secondary, fontSize: '0.75rem' },
});
