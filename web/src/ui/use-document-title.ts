import { useEffect } from 'react';

/** The browser tab follows the page (UI.md). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
