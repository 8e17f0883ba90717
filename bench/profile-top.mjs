// node bench/profile-top.mjs <file.cpuprofile> [n] [filter]: the top frames of a V8 CPU profile
// (BENCH_CPU_PROF) by self time and by total (inclusive) time, for the flame-graph summaries in
// docs/performance.md. Start-up (module loading: any stack through node:internal/modules/) is left out,
// so the shares are of the time spent serving. `filter` (a regular expression) lists only matching
// frames in the total-time table (e.g. 'server/dist|fastify|drizzle|pg/').
import fs from 'node:fs';

const [file, nArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/profile-top.mjs <file.cpuprofile> [n]');
const [, , , filterArg] = process.argv.slice(1);
const n = Number(nArg || 15);
const only = filterArg ? new RegExp(filterArg) : null;
const prof = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((x) => [x.id, x]));
const parent = new Map();
for (const x of prof.nodes) for (const c of x.children ?? []) parent.set(c, x.id);
const self = new Map();
const dt = prof.timeDeltas;
for (let i = 0; i < prof.samples.length; i++) self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + (dt[i] ?? 0));
const label = (x) => {
  const f = x.callFrame;
  const url = f.url ? f.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*\/(server\/dist\/)/, '$1') : '';
  return `${f.functionName || '(anonymous)'} ${url ? `${url}:${f.lineNumber + 1}` : ''}`.trim();
};
const idle = new Set(['(idle)', '(program)']);
const isStartup = (id) => {
  for (let p = id; p !== undefined; p = parent.get(p)) if (byId.get(p).callFrame.url.startsWith('node:internal/modules/')) return true;
  return false;
};
let total = 0;
let startup = 0;
const selfBy = new Map();
const totalBy = new Map();
for (const [id, us] of self) {
  const x = byId.get(id);
  if (idle.has(x.callFrame.functionName)) continue;
  if (isStartup(id)) {
    startup += us;
    continue;
  }
  total += us;
  selfBy.set(label(x), (selfBy.get(label(x)) ?? 0) + us);
  const seen = new Set();
  for (let p = id; p !== undefined; p = parent.get(p)) {
    const l = label(byId.get(p));
    if (seen.has(l)) continue;
    seen.add(l);
    totalBy.set(l, (totalBy.get(l) ?? 0) + us);
  }
}
console.log(`start-up (module loading) left out: ${(startup / 1000).toFixed(0)} ms`);
const show = (title, m) => {
  console.log(`\n${title} (busy ${(total / 1000).toFixed(0)} ms)`);
  for (const [l, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${l}`);
};
show('self time', selfBy);
show('total time', new Map([...totalBy].filter(([l]) => !/^\(root\)/.test(l) && (!only || only.test(l)))));
