/**
 * Undo/redo history of the flowchart editor: past snapshots, the present one and the undone
 * future. A change recorded with a `key` equal to the previous change's key (typing into one
 * field of one node) replaces the present instead of adding a step, so one undo reverts the
 * whole edit of that field.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** Key of the last recorded change, for coalescing. */
  lastKey: string | null;
}

export const HISTORY_LIMIT = 100;

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: null };
}

/** Records `next` as a new step (or merges it into the last one when `key` matches). */
export function record<T>(
  history: History<T>,
  next: T,
  key: string | null = null,
  limit = HISTORY_LIMIT,
): History<T> {
  if (next === history.present) return history;
  if (key !== null && key === history.lastKey && history.past.length > 0) {
    return { past: history.past, present: next, future: [], lastKey: key };
  }
  const past = [...history.past, history.present];
  return { past: past.slice(Math.max(0, past.length - limit)), present: next, future: [], lastKey: key };
}

/**
 * Records a change whose intermediate states were not recorded (e.g. a node drag): `base` is the
 * state before the change began and becomes the undo step.
 */
export function recordFrom<T>(history: History<T>, base: T, next: T, limit = HISTORY_LIMIT): History<T> {
  const past = [...history.past, base];
  return { past: past.slice(Math.max(0, past.length - limit)), present: next, future: [], lastKey: null };
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, lastKey: null };
}

export const canUndo = (history: History<unknown>) => history.past.length > 0;
export const canRedo = (history: History<unknown>) => history.future.length > 0;
