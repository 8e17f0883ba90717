import { useMemo } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';

/**
 * Which columns a grid hides for the screen's width (requirements §2.9: readable at 375 px without scrolling
 * sideways), as the ticket grid's defaults do: `phone` below the small breakpoint (600 px), `narrow` as well
 * below the medium one (900 px). What a hidden column holds stays one tap away (a details link or dialog).
 */
export function useColumnsForWidth(hidden: { phone?: readonly string[]; narrow?: readonly string[] }): GridColumnVisibilityModel {
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const narrow = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });
  const key = JSON.stringify([phone, narrow, hidden]);
  return useMemo(() => {
    const fields = [...(narrow ? (hidden.narrow ?? []) : []), ...(phone ? (hidden.phone ?? []) : [])];
    return Object.fromEntries(fields.map((f) => [f, false]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the lists compared by value
  }, [key]);
}
