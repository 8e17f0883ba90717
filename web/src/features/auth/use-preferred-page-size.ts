import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@sc/common';
import { useSession } from './session-context.ts';

/**
 * The signed-in user's default list page size (User Preferences), for the list screens'
 * first page; DEFAULT_PAGE_SIZE when signed out or the stored value is not one of PAGE_SIZES.
 */
export function usePreferredPageSize(): number {
  const size = useSession().user?.pageSize;
  return size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}
