/** IANA zone names this browser knows, sorted; the user's current zone is kept even if it is an alias. */
export function timeZoneOptions(current: string | null | undefined): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(zones);
  all.add('UTC');
  if (current) all.add(current);
  return [...all].sort((a, b) => a.localeCompare(b));
}
