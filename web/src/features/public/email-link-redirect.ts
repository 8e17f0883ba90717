import { hrefs } from '../../config/hrefs.ts';

/**
 * The e-mail link redirect of requirements §12.2: query parameters name the route. With several matches the
 * route matched by most parameters wins (the table's order breaks a tie); every parameter is passed on.
 */
const RULES: readonly { params: readonly string[]; route: (id: string) => string; hasId: boolean }[] = [
  { params: ['IncidentID'], route: (id) => hrefs.incidentEdit({ id }), hasId: true },
  { params: ['ContactID', 'PID'], route: (id) => hrefs.contactEdit({ id }), hasId: true },
  { params: ['ServiceRequestID'], route: (id) => hrefs.serviceRequestEdit({ id }), hasId: true },
  { params: ['JOBID'], route: (jobid) => hrefs.jobEdit({ jobid }), hasId: true },
  { params: ['VGID'], route: (gid) => hrefs.resetGid({ gid }), hasId: true },
  { params: ['approved', 'approvercontactid', 'ac'], route: () => hrefs.pendingContact(), hasId: false },
];

/** The route an e-mailed query string leads to (path and the same query), or null when nothing matches. */
export function emailLinkTarget(search: string): string | null {
  const query = new URLSearchParams(search);
  // Parameter names are matched without regard to case: mail clients and people retype links.
  const values = new Map<string, string>();
  for (const [k, v] of query) if (!values.has(k.toLowerCase())) values.set(k.toLowerCase(), v);
  let best: { rule: (typeof RULES)[number]; hits: number } | null = null;
  for (const rule of RULES) {
    const hits = rule.params.filter((p) => values.has(p.toLowerCase())).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { rule, hits };
  }
  if (!best) return null;
  const passedOn = query.toString();
  const suffix = passedOn ? `?${passedOn}` : '';
  if (!best.rule.hasId) return `${best.rule.route('')}${suffix}`;
  const id = best.rule.params.map((p) => values.get(p.toLowerCase())).find((v) => v);
  if (!id) return null;
  return `${best.rule.route(id)}${suffix}`;
}
