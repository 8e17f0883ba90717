import Chip, { type ChipProps } from '@mui/material/Chip';
import { OUTBOX_STATE_LABELS, type OutboxState } from '@sc/common';

const STATE_COLORS: Record<OutboxState, ChipProps['color']> = { pending: 'warning', sent: 'success', failed: 'error', preview: 'info' };

/** An outbox state as a chip: pending amber, sent green (outlined), failed red, preview blue. */
export function OutboxStateChip({ state }: { state: OutboxState }) {
  return <Chip size="small" label={OUTBOX_STATE_LABELS[state]} color={STATE_COLORS[state]} variant={state === 'sent' ? 'outlined' : 'filled'} />;
}
