// A process's CPU from /proc (Linux): used over a span, or sampled each second.
import { cpuSeconds, percentile } from './common.mjs';

/** Starts counting the CPU of `pids`; the answer gives the seconds each has used since, in order. */
export function cpuSince(pids) {
  const at = pids.map(cpuSeconds);
  return () => pids.map((pid, i) => cpuSeconds(pid) - at[i]);
}

/** Samples the CPU (% of one core) of `pid` each second until `stop()`, which answers the samples. */
export function cpuSampler(pid) {
  const samples = [];
  let at = cpuSeconds(pid);
  const timer = setInterval(() => {
    const now = cpuSeconds(pid);
    samples.push((now - at) * 100);
    at = now;
  }, 1_000);
  return {
    stop() {
      clearInterval(timer);
      return samples;
    },
  };
}

/** "mean x %, p95 y %" of CPU samples (% of one core). */
export function cpuText(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.reduce((sum, v) => sum + v, 0) / (s.length || 1);
  return `mean ${mean.toFixed(0)} %, p95 ${percentile(s, 95).toFixed(0)} %`;
}
