/**
 * Progress of the zip imports this server process is running, by a key the browser chose (so it
 * can ask while its upload request is still open). Kept in memory for a minute after the end; on
 * several instances the browser asks the one that runs its import only by chance — it then simply
 * sees no progress (404) and keeps showing "processing".
 */
export interface ImportProgress {
  accountId: number;
  datasetId: number;
  done: number;
  total: number;
  finished: boolean;
}

const KEEP_MS = 60_000;
const MAX_RUNNING = 1000;
const running = new Map<string, ImportProgress>();

export function startProgress(key: string, accountId: number, datasetId: number): ImportProgress | undefined {
  if (running.size >= MAX_RUNNING || running.has(key)) return undefined;
  const progress = { accountId, datasetId, done: 0, total: 0, finished: false };
  running.set(key, progress);
  return progress;
}

export function finishProgress(key: string, progress: ImportProgress | undefined): void {
  if (!progress) return;
  progress.finished = true;
  setTimeout(() => {
    if (running.get(key) === progress) running.delete(key);
  }, KEEP_MS).unref();
}

/** The caller's own import's progress on that dataset, or undefined. */
export function readProgress(key: string, accountId: number, datasetId: number): ImportProgress | undefined {
  const progress = running.get(key);
  return progress && progress.accountId === accountId && progress.datasetId === datasetId
    ? progress
    : undefined;
}
