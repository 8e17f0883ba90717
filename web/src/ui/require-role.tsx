import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import { MESSAGES } from '@sc/common';

/** A screen the caller's role may not open: the server refuses too, this only avoids a broken page. */
export function RequireRole({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  if (!allowed) return <Alert severity="error">{MESSAGES.notAuthorized}</Alert>;
  return <>{children}</>;
}
