import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../../api/client.ts';

/** Puts the server's field messages under the fields (a 400 names them); returns the general message. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string {
  if (isApiError(error) && error.fieldErrors) {
    for (const f of fields) {
      const message = error.fieldErrors[f];
      if (message) setError(f, { message });
    }
  }
  return error instanceof Error && error.message ? error.message : 'An Error Occurred';
}

/** Where a finished public page goes: / with a message the login page shows (requirements §12.3: return to /). */
export const completionState = (notice: string) => ({ notice });
export const noticeOf = (state: unknown): string | null =>
  state && typeof state === 'object' && 'notice' in state && typeof state.notice === 'string' ? state.notice : null;
