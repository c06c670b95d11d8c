// Top self and inclusive times of a V8 .cpuprofile (from BENCH_SERVER_NODE_ARGS='--cpu-prof …'),
// optionally only its last N seconds (the measured cases rather than the server's start).
// Usage: node bench/support/cpu-profile-top.mjs <file.cpuprofile> [lastSeconds] [rows]
import { readFileSync } from 'node:fs';

const [file, lastArg, rowsArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/support/cpu-profile-top.mjs <file.cpuprofile> [lastSeconds] [rows]');
  process.exit(2);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = profile.startTime;
const times = profile.timeDeltas.map((d) => {
  t += d;
  return t;
});
const cutoff = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
const label = (n) => {
  const { functionName, url, lineNumber } = n.callFrame;
  const where = url.replace(/.*node_modules\//, '').replace(/.*\/(server|contract)\/src\//, '$1/');
  return `${functionName || '(anonymous)'} ${where}${where ? `:${lineNumber + 1}` : ''}`;
};
const self = new Map();
const inclusive = new Map();
let total = 0;
for (let i = 0; i < profile.samples.length; i++) {
  if (times[i] < cutoff) continue;
  const d = profile.timeDeltas[i + 1] ?? 0;
  total += d;
  const id = profile.samples[i];
  const key = label(byId.get(id));
  self.set(key, (self.get(key) ?? 0) + d);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const k = label(byId.get(cur));
    if (seen.has(k)) continue;
    seen.add(k);
    inclusive.set(k, (inclusive.get(k) ?? 0) + d);
  }
}
const print = (title, map) => {
  console.log(`--- ${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${(v / 1000).toFixed(1).padStart(9)} ms  ${k}`);
  }
};
console.log(`${(total / 1000).toFixed(0)} ms sampled`);
print('self', self);
print('inclusive', inclusive);
