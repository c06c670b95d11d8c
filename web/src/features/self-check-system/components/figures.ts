/** Bytes as B / KB / MB / GB / TB (1024-based, one decimal). */
export function bytes(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = value;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${i === 0 ? v : v.toFixed(1)} ${units[i]}`;
}

/** Seconds as "3d 4h 5m 6s" (units dropped from the left while zero). */
export function duration(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  const parts = [d ? `${d}d` : '', d || h ? `${h}h` : '', d || h || m ? `${m}m` : '', `${s}s`];
  return parts.filter(Boolean).join(' ');
}

/** The disk bar's state: normal, warning from the threshold, red at 95 % and over. */
export function diskState(usedPercent: number, warnPercent: number): 'normal' | 'warning' | 'exception' {
  if (usedPercent >= Math.max(95, warnPercent)) return 'exception';
  if (usedPercent >= warnPercent) return 'warning';
  return 'normal';
}
