/** Whole minutes between two ISO times, or null when either is missing or the end is before the start. */
export function durationMinutes(start: string | null, end: string | null): number | null {
  if (!start || !end) return null;
  const ms = Date.parse(end) - Date.parse(start);
  if (!Number.isFinite(ms) || ms < 0) return null;
  return Math.floor(ms / 60_000);
}

/** Hours and minutes of a duration in minutes (for "1 h 05 min" style texts). */
export function splitMinutes(minutes: number): { hours: number; minutes: string } {
  return { hours: Math.floor(minutes / 60), minutes: String(minutes % 60).padStart(2, '0') };
}
