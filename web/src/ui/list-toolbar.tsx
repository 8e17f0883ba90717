import InputAdornment from '@mui/material/InputAdornment';
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
