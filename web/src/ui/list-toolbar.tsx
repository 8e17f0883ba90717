import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';

/**
 * The search box at the end of a list's toolbar (UI.md, Lists): right-aligned from the small
 * breakpoint, full width on a phone, labelled by its placeholder for screen readers.
 */
export function ToolbarSearchField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      size="small"
      placeholder={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ ml: { sm: 'auto' }, width: { xs: '100%', sm: 280 } }}
      slotProps={{
        htmlInput: { 'aria-label': label },
        input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
      }}
    />
  );
}

/**
 * A list filter over a fixed set of values (docs/conventions.md 'Lists'): '' is the "all" choice and
 * reaches `onChange` as undefined, so the URL state leaves the filter out.
 */
export function ToolbarSelectFilter<V extends string>({
  label,
  allLabel,
  values,
  labelOf = (v) => v,
  value,
  onChange,
  minWidth = 180,
}: {
  label: string;
  allLabel: string;
  values: readonly V[];
  labelOf?: (value: V) => string;
  value: V | undefined;
  onChange: (value: V | undefined) => void;
  minWidth?: number;
}) {
  return (
    <TextField select size="small" label={label} value={value ?? ''} onChange={(e) => onChange((e.target.value as V | '') || undefined)} sx={{ minWidth }}>
      <MenuItem value="">{allLabel}</MenuItem>
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {labelOf(v)}
        </MenuItem>
      ))}
    </TextField>
  );
}
