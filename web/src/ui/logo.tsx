import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const PRODUCT_NAME = 'Support Center';

/** The headset mark; decorative, the product name beside it carries the meaning. */
function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="32" height="32" rx="8" fill="var(--mui-palette-primary-main, #1d3f91)" />
      <path
        d="M9 17a7 7 0 0 1 14 0v4a2 2 0 0 1-2 2h-2v-6h3M9 17v4a2 2 0 0 0 2 2h2v-6h-3"
        fill="none"
        stroke="var(--mui-palette-secondary-main, #4fd1c5)"
        strokeWidth="2.2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </Box>
  );
}

/** Mark plus product name; `hideNameBelow` hides the name on narrow screens where space is short. */
export function Logo({ hideNameBelow }: { hideNameBelow?: 'sm' | 'md' | 'lg' }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LogoMark />
      <Typography
        component="span"
        sx={{
          fontWeight: 700,
          whiteSpace: 'nowrap',
          display: hideNameBelow ? { xs: 'none', [hideNameBelow]: 'inline' } : 'inline',
        }}
      >
        {PRODUCT_NAME}
      </Typography>
    </Box>
  );
}
