import { useCallback, useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { searchReach, type SearchType, type SignedInUser } from '@sc/common';
import { GlobalSearchField, searchLabel } from './search-field.tsx';
import { searchSeeAllPath } from './search-hrefs.ts';

/**
 * The global search box of the top bar. From the small breakpoint up it sits in the bar; on a
 * phone the bar has no room for it next to the title, so a search button opens it over the whole
 * bar (docs/decisions/008-global-search.md), and it closes with its close button or a pick.
 */
export function GlobalSearch({ user }: { user: SignedInUser }) {
  const theme = useTheme();
  const label = searchLabel(searchReach(user));
  const timeZone = user.timeZone;
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [isExpanded, setIsExpanded] = useState(false);
  const seeAllPath = useCallback((type: SearchType, term: string) => searchSeeAllPath(user, type, term), [user]);

  if (!isPhone) {
    return (
      <Box role="search" sx={{ width: { sm: 240, md: 320 }, flexShrink: 1, minWidth: 160 }}>
        <GlobalSearchField timeZone={timeZone} label={label} seeAllPath={seeAllPath} />
      </Box>
    );
  }
  if (!isExpanded) {
    return (
      <Tooltip title={label}>
        <IconButton aria-label={label} color="inherit" onClick={() => setIsExpanded(true)}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
    );
  }
  return (
    <Box
      role="search"
      onKeyDown={(e) => {
        // Escape with the popover closed leaves the search (with it open, the popover closes first).
        if (e.key === 'Escape' && !e.defaultPrevented) setIsExpanded(false);
      }}
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1,
        bgcolor: 'background.paper',
      }}
    >
      <GlobalSearchField timeZone={timeZone} label={label} seeAllPath={seeAllPath} autoFocus onPicked={() => setIsExpanded(false)} />
      <Tooltip title="Close search">
        <IconButton aria-label="Close search" onClick={() => setIsExpanded(false)}>
          <CloseIcon />
        </IconButton>
      </Tooltip>
    </Box>
  );
}
