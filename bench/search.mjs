// The global search (GET /api/v1/search) under load, as part of npm run bench: a mix of common words,
// rare words, ticket-number fragments and a contact's name, as the bench's Operator (tickets only)
// and as the big tenant's Administrator (contacts, tickets and jobs). Prints figures, asserts nothing.

/**
 * Words in thousands of tickets of the scale data set. Its incident and request subjects share no
 * words, so each of these is common in one type and absent from the other: the slow case of the
 * search (docs/decisions/008-global-search.md), kept in the mix on purpose.
 */
const COMMON_WORDS = ['printer', 'password', 'install', 'account'];
/** Words the data set has nowhere. */
const RARE_WORDS = ['zebra', 'quasar', 'fjord'];

async function signIn(api, email) {
  const res = await fetch(`${api}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'demo-password-1' }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().find((c) => c.startsWith('sc_session=')).split(';')[0];
}

async function getJson(api, cookie, p) {
  const r = await fetch(`${api}${p}`, { headers: { cookie } });
  if (!r.ok) throw new Error(`${p}: ${r.status} ${await r.text()}`);
  return r.json();
}

const searchPath = (q) => `/api/v1/search?q=${encodeURIComponent(q)}`;

/**
 * Runs the search measurements against a started server.
 * @param {object} o
 * @param {string} o.api base URL of the server
 * @param {string} o.cookie session cookie of the bench's Operator of the big tenant
 * @param {string} o.adminEmail an Administrator of the same tenant (demo password)
 * @param {number} o.duration seconds per autocannon run
 * @param {number} o.connections
 * @param {(label: string, opts: object) => Promise<{ p95: number, rps: number }>} o.cannon run.mjs's measured autocannon run
 * @param {object} o.cpu the API server's pid and the bench database: the runs print CPU per response (API + PostgreSQL)
 */
export async function benchSearch({ api, cookie, adminEmail, duration, connections, cannon, cpu }) {
  const sample = (await getJson(api, cookie, '/api/v1/incidents?status=%3CALL%3E&pageSize=50')).rows;
  const requests = (await getJson(api, cookie, '/api/v1/service-requests?status=%3CALL%3E&pageSize=50')).rows;
  const ticketNo = sample[7]?.ticketNo ?? 'INC-000100';
  const contactName = sample.find((r) => r.contactName)?.contactName ?? 'Smith';
  const mix = [
    ...COMMON_WORDS,
    ...RARE_WORDS,
    ticketNo, // one ticket
    ticketNo.slice(0, -2), // a number fragment: a hundred tickets
    requests[3]?.ticketNo.slice(0, 6) ?? 'SR-000', // 'SR-000' or 'SR-123': thousands
    contactName.split(' ').at(-1), // a last name
    contactName,
  ].map(searchPath);

  const adminCookie = await signIn(api, adminEmail);
  console.log('\nglobal search, one request at a time as Administrator (median of 5, after a warm-up)');
  for (const p of mix) {
    // Fails fast on a broken URL, warms the caches, and shows what each term finds and costs alone.
    const r = await getJson(api, adminCookie, p);
    const times = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await getJson(api, adminCookie, p);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const found = r.groups.map((g) => `${g.records.length}${g.hasMore ? '+' : ''}`).join('/');
    console.log(`  ${decodeURIComponent(p.slice(p.indexOf('=') + 1)).padEnd(28)} ${times[2].toFixed(1).padStart(6)} ms   contacts/incidents/requests/jobs ${found}`);
  }

  const requestsOf = (paths) => paths.map((p) => ({ method: 'GET', path: p }));
  console.log('\nglobal search (autocannon)');
  const asOperator = await cannon(`search mix as Operator (${mix.length} terms)`, { url: api, connections, duration, cpu, headers: { cookie }, requests: requestsOf(mix) });
  const asAdmin = await cannon('search mix as Administrator', { url: api, connections, duration, cpu, headers: { cookie: adminCookie }, requests: requestsOf(mix) });
  console.log(`search mix p95: Operator ${asOperator.p95.toFixed(1)} ms, Administrator ${asAdmin.p95.toFixed(1)} ms [≤ 100 ms]`);
  return { asOperator, asAdmin };
}
