import { useCallback, useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';

// The ticket grid's column chooser (issue 11; docs/decisions/012-list-contract.md): which columns show is
// remembered per user and list in the browser's localStorage; until the user chooses, the defaults fit
// the screen width so Short Description stays wide enough to read.

/** Hidden by default on a medium screen (a laptop beside the preview pane): the incident grid's least read. */
const HIDDEN_MEDIUM = ['severityName', 'className', 'subclassName'];
/** Hidden by default on a small screen as well. */
const HIDDEN_SMALL = [...HIDDEN_MEDIUM, 'assignedToName', 'priorityName', 'targetName', 'isVip', 'openDate', 'requestedStartDate', 'lastAction'];

const columnStorageKey = (userId: number, listId: string): string => `sc.columns.${userId}.${listId}`;

function read(key: string): GridColumnVisibilityModel | null {
  try {
    const raw = localStorage.getItem(key);
    const value: unknown = raw ? JSON.parse(raw) : null;
    if (!value || typeof value !== 'object') return null;
    const model: GridColumnVisibilityModel = {};
    for (const [k, v] of Object.entries(value)) if (typeof v === 'boolean') model[k] = v;
    return model;
  } catch {
    return null;
  }
}

/** The visibility model of a ticket grid for this user and list, and its setter (which remembers it). */
export function useColumnVisibility(userId: number, listId: string): [GridColumnVisibilityModel, (m: GridColumnVisibilityModel) => void] {
  const key = columnStorageKey(userId, listId);
  const isSmall = useMediaQuery((t: Theme) => t.breakpoints.down('md'), { noSsr: true });
  const isMedium = useMediaQuery((t: Theme) => t.breakpoints.down('xl'), { noSsr: true });
  const [chosen, setChosen] = useState<GridColumnVisibilityModel | null>(() => read(key));
  const defaults = Object.fromEntries((isSmall ? HIDDEN_SMALL : isMedium ? HIDDEN_MEDIUM : []).map((f) => [f, false]));
  const set = useCallback(
    (m: GridColumnVisibilityModel) => {
      setChosen(m);
      try {
        localStorage.setItem(key, JSON.stringify(m));
      } catch {
        // storage full or disabled: the choice lasts for this visit
      }
    },
    [key],
  );
  return [chosen ?? defaults, set];
}
