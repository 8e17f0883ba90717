import Chip, { type ChipProps } from '@mui/material/Chip';
import StarIcon from '@mui/icons-material/Star';
import Tooltip from '@mui/material/Tooltip';

const STATUS_COLORS: Record<string, ChipProps['color']> = {
  Open: 'primary',
  Escalation: 'error',
  'On Hold': 'warning',
  Closed: 'default',
};

/** A ticket status as a coloured chip (UI.md, Lists): Open blue, Escalation red, On Hold amber, Closed grey. */
export function StatusChip({ status }: { status: string }) {
  return <Chip size="small" label={status} color={STATUS_COLORS[status] ?? 'default'} variant={status === 'Closed' ? 'outlined' : 'filled'} />;
}

/** The VIP mark (UI.md, Lists: a small star), labelled for screen readers. */
export function VipMark() {
  return (
    <Tooltip title="VIP">
      <StarIcon fontSize="small" color="warning" aria-label="VIP" role="img" />
    </Tooltip>
  );
}
