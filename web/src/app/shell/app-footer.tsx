import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { appConfigQueryOptions } from '../../api/app-config.ts';
import { LazyTooltip } from '../../ui/lazy-tooltip.tsx';

export const LEGAL_TOOLTIP = 'This system is provided subject to the support services agreement';

/** requirements §1.1: copyright, privacy, legal and contact links to the provider's website, new tab. */
export function AppFooter() {
  const { data: config } = useQuery(appConfigQueryOptions());
  const website = config?.providerWebsite.replace(/\/+$/, '');
  const external = { target: '_blank', rel: 'noopener', color: 'inherit' } as const;
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 2,
        rowGap: 0.5,
        px: { xs: 2, md: 3 },
        py: 1.5,
        borderTop: 1,
        borderColor: 'divider',
        color: 'text.secondary',
        typography: 'body2',
      }}
    >
      <span>
        © {new Date().getFullYear()} {config?.providerName ?? ''}
      </span>
      {website && (
        <>
          <Link href={`${website}/privacy`} {...external}>
            Privacy
          </Link>
          <LazyTooltip title={LEGAL_TOOLTIP} describeChild>
            <Link href={`${website}/legal`} {...external}>
              Legal
            </Link>
          </LazyTooltip>
          <Link href={`${website}/contact`} {...external}>
            Contact Us
          </Link>
        </>
      )}
    </Box>
  );
}
