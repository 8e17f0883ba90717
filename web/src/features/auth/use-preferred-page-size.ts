import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SignedInUser } from '@sc/common';
import { useSession } from './session-context.ts';

/**
 * The user's default list page size (User Preferences), for the list screens' first page;
 * DEFAULT_PAGE_SIZE when signed out or the stored value is not one of PAGE_SIZES.
 */
export function preferredPageSizeOf(user: Pick<SignedInUser, 'pageSize'> | null | undefined): number {
  const size = user?.pageSize;
  return size !== undefined && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE;
}

/** preferredPageSizeOf the signed-in user. */
export function usePreferredPageSize(): number {
  return preferredPageSizeOf(useSession().user);
}
