import { useEffect, useRef, useState } from 'react';
import { useDebouncedValue } from '../use-debounced-value.ts';

/**
 * A list's search box bound to the `search` of its URL state: what is typed is sent after `delayMs`
 * of quiet, and a search changed from outside (Back, a link) shows in the box.
 */
export function useSearchBox(search: string | undefined, onSearch: (search: string) => void, delayMs: number): [string, (text: string) => void] {
  const current = search ?? '';
  const [text, setText] = useState(current);
  const debounced = useDebouncedValue(text.trim(), delayMs);
  const sent = useRef(current);
  // Back or a link changed the search: the box follows.
  useEffect(() => {
    if (current !== sent.current) {
      sent.current = current;
      setText(current);
    }
  }, [current]);
  useEffect(() => {
    if (debounced !== sent.current && debounced === text.trim()) {
      sent.current = debounced;
      onSearch(debounced);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new debounced term sends
  }, [debounced]);
  return [text, setText];
}
