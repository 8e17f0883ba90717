import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import type { TicketType } from '@sc/common';
import { ticketHref } from '../../config/hrefs.ts';
import { formatDateTime } from '../../ui/dates.ts';
import { StatusChip, VipMark } from '../../ui/status-chip.tsx';
import type { TicketRow } from './ticket-columns.tsx';

const PREVIEW_MIN_WIDTH = 260;
const PREVIEW_MAX_WIDTH = 640;
const PREVIEW_DEFAULT_WIDTH = 340;
const KEY_STEP = 16;

const clampWidth = (w: number) => Math.min(PREVIEW_MAX_WIDTH, Math.max(PREVIEW_MIN_WIDTH, Math.round(w)));

/** The preview pane's width, remembered per list in localStorage (UI.md: the split preview pane). */
export function usePreviewWidth(listId: string): [number, (w: number) => void] {
  const key = `sc.ticket-preview-width.${listId}`;
  const [width, setWidth] = useState(() => {
    const stored = Number(localStorage.getItem(key));
    return stored ? clampWidth(stored) : PREVIEW_DEFAULT_WIDTH;
  });
  const save = useCallback(
    (w: number) => {
      const next = clampWidth(w);
      setWidth(next);
      localStorage.setItem(key, String(next));
    },
    [key],
  );
  return [width, save];
}

/**
 * The handle between grid and preview (desktop only): drag it, or focus it and use the arrow keys.
 * The pane is on the right, so dragging left widens it.
 */
export function PreviewResizeHandle({ width, onWidth }: { width: number; onWidth: (w: number) => void }) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const [isDragging, setIsDragging] = useState(false);
  useEffect(() => {
    if (!isDragging) return;
    const move = (e: globalThis.PointerEvent) => {
      if (drag.current) onWidth(drag.current.width + drag.current.x - e.clientX);
    };
    const up = () => setIsDragging(false);
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
  }, [isDragging, onWidth]);
  const start = (e: PointerEvent) => {
    drag.current = { x: e.clientX, width };
    setIsDragging(true);
  };
  const key = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') onWidth(width + KEY_STEP);
    else if (e.key === 'ArrowRight') onWidth(width - KEY_STEP);
    else return;
    e.preventDefault();
  };
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label="Resize preview"
      aria-valuenow={width}
      aria-valuemin={PREVIEW_MIN_WIDTH}
      aria-valuemax={PREVIEW_MAX_WIDTH}
      tabIndex={0}
      onPointerDown={start}
      onKeyDown={key}
      sx={{
        display: { xs: 'none', md: 'block' },
        width: 8,
        flexShrink: 0,
        cursor: 'col-resize',
        borderRadius: 1,
        alignSelf: 'stretch',
        bgcolor: isDragging ? 'action.selected' : 'transparent',
        '&:hover, &:focus-visible': { bgcolor: 'action.hover', outline: 'none' },
        '&:focus-visible': { boxShadow: (t) => `0 0 0 2px ${t.palette.primary.main}` },
        userSelect: 'none',
        touchAction: 'none',
      }}
    />
  );
}

interface TicketPreviewProps {
  kind: TicketType;
  row: TicketRow;
  width: number;
  timeZone: string;
  canEdit: boolean;
  from: string;
  onClose: () => void;
}

/** view-service-request-preview (requirements §2.1, §2.2): the selected row's fields with View and Edit. */
export function TicketPreview({ kind, row, width, timeZone, canEdit, from, onClose }: TicketPreviewProps) {
  const date = (v: string | null | undefined) => (v ? formatDateTime(v, timeZone) : '—');
  const fields: [string, string][] = [
    ['Contact', row.contactName],
    ['Target', row.targetName ?? '—'],
    ['Assigned To', row.assignedToName ?? '—'],
    ['Priority', row.priorityName ?? '—'],
    ['Severity', row.severityName ?? '—'],
    ['Open Date', date(row.openDate)],
    ...(kind === 'ServiceRequest'
      ? ([
          ['Requested Start', date(row.requestedStartDate)],
          ['Requested End', date(row.requestedEndDate)],
        ] as [string, string][])
      : []),
    ['Class', [row.className, row.subclassName].filter(Boolean).join(' / ') || '—'],
  ];
  return (
    <Paper
      variant="outlined"
      component="aside"
      aria-label="Ticket preview"
      sx={{ width: { xs: '100%', md: width }, flexShrink: 0, p: 2, alignSelf: 'flex-start', minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h2" component="h2" sx={{ fontSize: '1.125rem', fontWeight: 600 }}>
          {row.ticketNo}
        </Typography>
        <StatusChip status={row.status} />
        {row.isVip && <VipMark />}
        <Tooltip title="Close preview">
          <IconButton size="small" aria-label="Close preview" onClick={onClose} sx={{ ml: 'auto' }}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }}>{row.shortDescription}</Typography>
      {kind === 'ServiceRequest' && row.description && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1, whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxHeight: 200, overflowY: 'auto' }}>
          {row.description}
        </Typography>
      )}
      <Box
        component="dl"
        sx={{ mt: 2, mb: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, '& dt': { color: 'text.secondary' }, '& dd': { m: 0, wordBreak: 'break-word' } }}
      >
        {fields.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button size="small" variant="contained" component={RouterLink} to={ticketHref(kind, 'view', row.id)}>
          View
        </Button>
        {canEdit && (
          <Button size="small" component={RouterLink} to={ticketHref(kind, 'edit', row.id)} state={{ from }}>
            Edit
          </Button>
        )}
      </Box>
    </Paper>
  );
}
