import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/client.ts';

/**
 * Puts a 400's field messages under the form's fields (the server names them `body.field` or
 * `field`), so a failed save shows where it failed and keeps what was typed.
 */
export function setServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): void {
  if (!isApiError(error) || !error.fieldErrors) return;
  for (const [name, message] of Object.entries(error.fieldErrors)) setError(name.replace(/^body\./, '') as Path<T>, { message });
}

/** The spec's save-then-return: once saved, the form goes back to `path` after 2.5 s (requirements §8.3). */
export function useReturnAfterSave(path: string, delayMs = 2500): { isSaved: boolean; markSaved: () => void } {
  const navigate = useNavigate();
  const [isSaved, setIsSaved] = useState(false);
  useEffect(() => {
    if (!isSaved) return;
    const timer = setTimeout(() => void navigate(path), delayMs);
    return () => clearTimeout(timer);
  }, [isSaved, navigate, path, delayMs]);
  return { isSaved, markSaved: () => setIsSaved(true) };
}
