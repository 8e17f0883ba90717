import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { readListParams, resetsPage, writeListParams } from './list-params.ts';

type Shape = z.ZodRawShape;

export interface ListUrlState<S extends z.ZodObject<Shape>> {
  /** The list's request as the URL says (defaults filled in): send it to the API as it is. */
  state: z.output<S>;
  /**
   * Changes part of the state. A change of anything but page, pageSize, sort and direction (a search,
   * a filter) starts again at page 1. A new history entry, so Back returns to the previous state;
   * `replace` for changes that should not make one (e.g. each debounced keystroke of a search).
   */
  update: (patch: Partial<z.output<S>>, options?: { replace?: boolean; keep?: Record<string, string | null> }) => void;
  /** The URL parameters outside the schema (e.g. 'saved'). */
  params: URLSearchParams;
}

/**
 * A list screen's state in the URL (docs/conventions.md 'Lists'), parsed by the list's API request
 * schema, so Back, reload and a shared link restore the page, the order, the search and the filters.
 * `defaults` overrides the schema's defaults (the user's page size); keep it stable (useMemo).
 */
export function useListUrlState<S extends z.ZodObject<Shape>>(schema: S, defaults: Partial<z.input<S>> = {}): ListUrlState<S> {
  const [params, setParams] = useSearchParams();
  const defaultsKey = JSON.stringify(defaults);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults compared by value
  const state = useMemo(() => readListParams(schema, params, defaults), [schema, params, defaultsKey]);
  const update = useCallback(
    (patch: Partial<z.output<S>>, options: { replace?: boolean; keep?: Record<string, string | null> } = {}) => {
      setParams(
        (prev) => {
          const current = readListParams(schema, prev, defaults) as Record<string, unknown>;
          const next: Record<string, unknown> = { ...current, ...patch };
          if (resetsPage(Object.keys(patch)) && !('page' in patch)) next.page = 1;
          const kept = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(options.keep ?? {})) {
            if (v === null) kept.delete(k);
            else kept.set(k, v);
          }
          return writeListParams(schema, next as Partial<z.output<S>>, defaults, kept);
        },
        { replace: options.replace ?? false },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults compared by value
    [schema, setParams, defaultsKey],
  );
  return { state, update, params };
}
