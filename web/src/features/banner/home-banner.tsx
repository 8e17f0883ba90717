import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import { BANNER_SNACKBAR_MS, type ActiveBanner } from '@sc/common';
import { useActiveBanners } from './api.ts';
// The session is app-wide state: the banner reads who signed in to show its snackbar once per sign-in.
import { useSession } from '../auth/session-context.ts';

const DISMISSED_KEY = 'sc-banners-dismissed';
const ANNOUNCED_KEY = 'sc-banners-announced';
const SNACKBAR_MAX_CHARS = 280;

/** A banner's identity for "seen": a new save makes a new version, which shows again. */
const versionOf = (b: ActiveBanner): string => `${b.scope}:${b.version}`;

function readSet(key: string): Set<string> {
  try {
    const raw = localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return new Set(Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : []);
  } catch {
    return new Set();
  }
}
function addToSet(key: string, values: string[]): Set<string> {
  const next = readSet(key);
  for (const v of values) next.add(v);
  try {
    localStorage.setItem(key, JSON.stringify([...next]));
  } catch {
    // Storage full or blocked: the banner simply shows again on the next visit.
  }
  return next;
}

/**
 * The versions the snackbar has announced in this sign-in. A sign-in is the account plus its
 * previous sign-in time, which changes with every sign-in and is the same in every tab of it.
 */
function announcedIn(signIn: string): Set<string> {
  try {
    const parsed = JSON.parse(localStorage.getItem(ANNOUNCED_KEY) ?? 'null') as { signIn?: unknown; versions?: unknown } | null;
    if (parsed?.signIn !== signIn || !Array.isArray(parsed.versions)) return new Set();
    return new Set(parsed.versions.filter((v): v is string => typeof v === 'string'));
  } catch {
    return new Set();
  }
}
function rememberAnnounced(signIn: string, versions: string[]) {
  try {
    localStorage.setItem(ANNOUNCED_KEY, JSON.stringify({ signIn, versions: [...announcedIn(signIn), ...versions] }));
  } catch {
    // Storage blocked: the snackbar may show again, nothing worse.
  }
}

const TITLES: Record<ActiveBanner['scope'], string> = { global: 'Announcement', customer: 'Message from your administrator' };

/**
 * requirements §4.1 Home page: a dismissible warning banner with the global and/or the customer's message
 * while not expired, and (requirements §6.6) the banner snackbar that stays 30 s. The snackbar shows once per
 * sign-in (not on every visit of the home page, nor in every tab); a dismissal is remembered in this
 * browser for that version of the message (issue 14, item 9). The notice is a one-line bar in the page's
 * flow, so it covers nothing.
 */
export function HomeBanner() {
  const active = useActiveBanners();
  const { user } = useSession();
  const signIn = user ? `${user.ccWebUserId}|${user.lastLoginDate ?? 'first'}` : null;
  // The 30 s banner notice (requirements §6.6) sits in the page's flow above the banners, as a
  // one-line bar: unlike a floating snackbar it never covers content or controls, on a phone too.
  const [notice, setNotice] = useState<string | null>(null);
  const [dismissed, setDismissed] = useState(() => readSet(DISMISSED_KEY));
  const banners = (active.data?.banners ?? []).filter((b) => !dismissed.has(versionOf(b)));

  // The snackbar announces what was new when the page opened; a later refetch (e.g. after the
  // editor's own save) must not replace that save's own success message.
  // A layout effect: the notice is in the page's flow, drawn in the same frame as the page it sits above
  // rather than a frame later pushing it down (a layout shift).
  const hasAnnounced = useRef(false);
  useLayoutEffect(() => {
    if (hasAnnounced.current || !active.data || !signIn) return;
    hasAnnounced.current = true;
    const seen = announcedIn(signIn);
    const fresh = active.data.banners.filter((b) => !seen.has(versionOf(b)) && !readSet(DISMISSED_KEY).has(versionOf(b)));
    if (fresh.length === 0) return;
    rememberAnnounced(signIn, fresh.map(versionOf));
    const joined = fresh.map((b) => b.message.replace(/\s+/g, ' ').trim()).join(' · ');
    // A heads-up only; the full text stays in the banner below. Set here, in the same step as the
    // localStorage record of what was announced (the external state this effect syncs with).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setNotice(joined.length > SNACKBAR_MAX_CHARS ? `${joined.slice(0, SNACKBAR_MAX_CHARS - 1)}…` : joined);
  }, [active.data, signIn]);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), BANNER_SNACKBAR_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (banners.length === 0 && notice === null) return null;
  return (
    <>
      {notice !== null && (
        <Alert
          severity="warning"
          variant="filled"
          role="alert"
          closeText="Close"
          onClose={() => setNotice(null)}
          sx={{ mb: 1, py: 0, alignItems: 'center', '& .MuiAlert-message': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 } }}
        >
          {notice}
        </Alert>
      )}
      {banners.length > 0 && (
        <Stack component="section" aria-label="Announcements" spacing={1} sx={{ mb: 2 }}>
          {banners.map((b) => (
            <Alert
              key={versionOf(b)}
              severity="warning"
              role="status"
              closeText="Dismiss"
              onClose={() => setDismissed(addToSet(DISMISSED_KEY, [versionOf(b)]))}
            >
              <AlertTitle>{TITLES[b.scope]}</AlertTitle>
              <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{b.message}</span>
            </Alert>
          ))}
        </Stack>
      )}
    </>
  );
}
