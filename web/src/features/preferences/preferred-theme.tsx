import { useEffect } from 'react';
import { useColorScheme } from '@mui/material/styles';
import type { SignedInUser } from '@sc/common';

/** Which account's stored theme this tab has applied, so a reload keeps a top-bar toggle choice. */
const APPLIED_KEY = 'sc-theme-applied';

/**
 * Applies the stored theme (User Preferences) once per sign-in in this tab, and again whenever the
 * stored value changes. It goes through the same MUI colour-scheme mode as the top-bar toggle, so
 * the two always agree; the toggle stays a quick override until the next sign-in.
 */
export function PreferredTheme({ user }: { user: Pick<SignedInUser, 'ccWebUserId' | 'theme'> }) {
  const { setMode } = useColorScheme();
  const marker = `${user.ccWebUserId}:${user.theme}`;
  useEffect(() => {
    let applied: string | null = null;
    try {
      applied = sessionStorage.getItem(APPLIED_KEY);
    } catch {
      // Storage blocked: apply every time.
    }
    if (applied === marker) return;
    setMode(user.theme);
    try {
      sessionStorage.setItem(APPLIED_KEY, marker);
    } catch {
      // see above
    }
  }, [marker, setMode, user.theme]);
  return null;
}
