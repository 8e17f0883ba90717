import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import {
  SEARCH_DEBOUNCE_MS,
  SEARCH_LIMIT_PER_TYPE,
  SEARCH_MESSAGES,
  SEARCH_MIN_CHARS,
  SEARCH_TYPE_LABELS,
  type SearchReach,
  type SearchRecord,
  type SearchType,
} from '@sc/common';
import { useDebouncedValue } from '../../ui/use-debounced-value.ts';
import { useGlobalSearch } from './api.ts';
import { primaryLine, SearchResult } from './search-result.tsx';
import { searchResultHref } from './search-hrefs.ts';

/**
 * The box's name says what the caller's search reaches (the server's `searchReach`, requirements §5.4). It
 * starts 'Global search:' so it never reads like a list's own 'Search contacts' field.
 */
export function searchLabel(reach: SearchReach): string {
  const parts = [reach.contacts && 'contacts', 'tickets', reach.jobs && 'jobs'].filter((p): p is string => !!p);
  return `Global search: ${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0]}`;
}

/** A group's last option: 'See all' opens the group's list filtered by the term (issue 14, item 11). */
interface SeeAllOption {
  seeAll: true;
  searchType: SearchType;
  path: string;
}
type SearchOption = SearchRecord | SeeAllOption;
const isSeeAll = (o: SearchOption): o is SeeAllOption => 'seeAll' in o;

const keyOf = (r: SearchOption): string => (isSeeAll(r) ? `${r.searchType}-all` : `${r.searchType}-${r.internalId}`);
const groupLabel = (r: SearchOption): string => SEARCH_TYPE_LABELS[r.searchType];

interface GlobalSearchFieldProps {
  timeZone: string;
  /** The accessible name of the box (searchLabel). */
  label: string;
  /** The phone layout opens the field on demand and focuses it at once. */
  autoFocus?: boolean;
  /** Called after a result was picked (the phone layout closes its overlay). */
  onPicked?: () => void;
  /** The 'See all' path of a group for the term, or null for none (searchSeeAllPath). */
  seeAllPath?: (searchType: SearchType, term: string) => string | null;
}

/**
 * The look-ahead search of the top bar (requirements §5.3, §5): asks the server 1200 ms after typing stops
 * when the trimmed input has at least 3 characters; the popover lists the results grouped by entity
 * and closes when one is picked (click, or arrows and Enter), which navigates as requirements §5.1 says.
 */
export function GlobalSearchField({ timeZone, label, autoFocus = false, onPicked, seeAllPath }: GlobalSearchFieldProps) {
  const navigate = useNavigate();
  const [input, setInput] = useState('');
  const [isFocused, setIsFocused] = useState(autoFocus);
  // Escape or a click elsewhere closes the popover until the input changes or gets focus again.
  const [isDismissed, setIsDismissed] = useState(false);
  const trimmed = input.trim();
  const term = useDebouncedValue(trimmed, SEARCH_DEBOUNCE_MS);
  const isSearchable = term.length >= SEARCH_MIN_CHARS;
  const query = useGlobalSearch(term, isSearchable);

  const groups = query.data?.groups;
  const options = useMemo<SearchOption[]>(
    () =>
      groups?.flatMap((g) => {
        const path = g.records.length > 0 ? seeAllPath?.(g.searchType, term) : null;
        return path ? [...g.records, { seeAll: true as const, searchType: g.searchType, path }] : g.records;
      }) ?? [],
    [groups, seeAllPath, term],
  );
  const hasMoreByLabel = useMemo(
    () => new Map((groups ?? []).map((g) => [SEARCH_TYPE_LABELS[g.searchType], g.hasMore])),
    [groups],
  );
  const isOpen = isFocused && !isDismissed && isSearchable && trimmed.length >= SEARCH_MIN_CHARS;

  const pick = (r: SearchOption) => {
    setInput('');
    setIsDismissed(true);
    void navigate(isSeeAll(r) ? r.path : searchResultHref(r));
    onPicked?.();
  };

  return (
    <Autocomplete<SearchOption, false, false, false>
      options={options}
      value={null}
      inputValue={input}
      onInputChange={(_e, value, reason) => {
        // 'reset' is the picked option's label being written back: the box is cleared instead.
        if (reason === 'reset') return;
        setInput(value);
        setIsDismissed(false);
      }}
      onChange={(_e, r) => r && pick(r)}
      open={isOpen}
      onOpen={() => setIsDismissed(false)}
      onClose={() => setIsDismissed(true)}
      onFocus={() => setIsFocused(true)}
      onBlur={() => setIsFocused(false)}
      // The server has already matched: show its answer as it is.
      filterOptions={(x) => x}
      groupBy={groupLabel}
      getOptionLabel={(o) => (isSeeAll(o) ? `See all ${SEARCH_TYPE_LABELS[o.searchType]}` : primaryLine(o))}
      getOptionKey={keyOf}
      isOptionEqualToValue={(a, b) => keyOf(a) === keyOf(b)}
      loading={query.isFetching}
      loadingText="Loading..."
      noOptionsText={query.isError ? query.error.message : SEARCH_MESSAGES.noResults}
      autoHighlight
      blurOnSelect
      forcePopupIcon={false}
      fullWidth
      size="small"
      slotProps={{
        popper: { placement: 'bottom-end', sx: { minWidth: 'min(480px, calc(100vw - 16px))' } },
        listbox: { sx: { maxHeight: 'min(70vh, 560px)' } },
      }}
      renderGroup={(params) => {
        const more = hasMoreByLabel.get(params.group) ? ` (first ${SEARCH_LIMIT_PER_TYPE} shown)` : '';
        // A listbox may hold groups of options: the group is named, its header only shows the name.
        return (
          <li key={params.key} role="group" aria-label={`${params.group}${more}`}>
            <ListSubheader component="div" aria-hidden sx={{ lineHeight: '32px', fontWeight: 600 }}>
              {params.group}
              {more && (
                <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }}>
                  {more}
                </Box>
              )}
            </ListSubheader>
            <Box component="ul" role="presentation" sx={{ p: 0 }}>
              {params.children}
            </Box>
          </li>
        );
      }}
      renderOption={(props, r) => {
        const { key, ...rest } = props;
        if (isSeeAll(r)) {
          return (
            <li key={key} {...rest} aria-label={`See all ${SEARCH_TYPE_LABELS[r.searchType]} matching ${term}`}>
              <Box component="span" sx={{ color: 'primary.main', fontWeight: 500, pl: 4 }}>
                See all
              </Box>
            </li>
          );
        }
        return (
          <li key={key} {...rest}>
            <SearchResult record={r} timeZone={timeZone} />
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder="Search"
          autoFocus={autoFocus}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': label },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
