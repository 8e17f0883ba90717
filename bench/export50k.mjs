// The export50k run of npm run bench (issue 18 item 6, decision 029): the audit log export of 50,000
// rows as the big tenant's Administrator, streamed; time to the last byte and the API server's extra
// resident memory (VmRSS before, peak during: VmHWM after resetting it, else the highest of samples
// taken every 10 ms), and the server's CPU time per export (the figure to compare on a busy machine).
// Prints figures; asserts nothing.
import fs from 'node:fs';
import ExcelJS from 'exceljs';

const ROWS = 50_000;
const ACTIONS = ['sign-in.success', 'sign-in.failure', 'ticket.create', 'ticket.update', 'ticket.note', 'contact.access', 'invitation.send', 'banner.edit'];

/** At least 50,000 audit rows of the tenant, added set-based when missing (one statement). */
export async function ensureAuditRows(db, cid) {
  const { rows } = await db.query('select count(*)::int as n from audit_log where cid = $1', [cid]);
  const missing = ROWS - rows[0].n;
  if (missing <= 0) return rows[0].n;
  const t = performance.now();
  await db.query(
    `insert into audit_log (cid, web_user_id, contact_id, actor_email, action, entity, entity_id, details, ip, user_agent, created_at)
     select $1, w.id, w.contact_id, coalesce(w.email, 'someone' || g || '@scale.example'), ($3::text[])[1 + g % array_length($3::text[], 1)],
            'ticket', (100000 + g)::text,
            jsonb_build_object('status', jsonb_build_object('from', 'Open', 'to', 'Closed'), 'note', 'Bench row ' || g),
            '192.0.2.' || (g % 250 + 1),
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
            now() - (g * interval '10 minutes') - (g % 997) * interval '1 microsecond'
     from generate_series(1, $2::int) g
     left join lateral (select id, contact_id, email from web_users where cid = $1 order by id offset (g % 20) limit 1) w on true`,
    [cid, missing, ACTIONS],
  );
  await db.query('analyze audit_log');
  console.log(`export50k: added ${missing.toLocaleString('en-US')} audit rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return ROWS;
}

/** CPU time (ms) the process has used so far (/proc/<pid>/schedstat, ns): steadier than wall time on a busy machine. */
const cpuMs = (pid) => Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

const statusKb = (pid, field) => {
  const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
  return m ? Number(m[1]) : NaN;
};

/** Resets the process's peak RSS (Linux 4.0+, same user); false when not allowed. */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Three exports after one warm-up. Each: RSS before, time to the last byte, peak RSS during; the rows
 * of the first are counted from the file itself.
 */
export async function benchExport50k({ api, headers, serverPid }) {
  const url = `${api}/api/v1/audit-log/export`;
  const runs = [];
  for (let i = 0; i < 4; i++) {
    const before = statusKb(serverPid, 'VmRSS');
    const hwm = resetPeak(serverPid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, statusKb(serverPid, 'VmRSS'))), 10);
    const cpu0 = cpuMs(serverPid);
    const t = performance.now();
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`export50k: ${res.status} ${await res.text()}`);
    const chunks = [];
    let bytes = 0;
    for await (const c of res.body) {
      bytes += c.length;
      if (i === 0) chunks.push(c);
    }
    const ms = performance.now() - t;
    const cpu = cpuMs(serverPid) - cpu0;
    clearInterval(sampler);
    if (hwm) peak = Math.max(peak, statusKb(serverPid, 'VmHWM'));
    if (i === 0) {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(Buffer.concat(chunks));
      console.log(`export50k warm-up: ${(bytes / 1_048_576).toFixed(1)} MiB, ${wb.worksheets[0].rowCount - 1} rows, ${ms.toFixed(0)} ms (peak by ${hwm ? 'VmHWM' : 'sampling'})`);
      continue;
    }
    const extraMb = (peak - before) / 1024;
    runs.push({ ms, extraMb, cpu });
    console.log(`export50k run ${i}: last byte after ${ms.toFixed(0)} ms (server CPU ${cpu.toFixed(0)} ms), RSS ${(before / 1024).toFixed(0)} MB before, +${extraMb.toFixed(0)} MB at peak`);
  }
  runs.sort((a, b) => a.ms - b.ms);
  const median = runs[1];
  const worstRss = Math.max(...runs.map((r) => r.extraMb));
  console.log(`export 50,000 audit rows: median ${median.ms.toFixed(0)} ms [≤ 5000 ms] (server CPU ${median.cpu.toFixed(0)} ms), extra RSS at most ${worstRss.toFixed(0)} MB [≤ 200 MB]; load ${fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0]}`);
  return { ms: median.ms, extraMb: worstRss, cpuMs: median.cpu };
}
