/**
 * Before/after of an audit entry's `detail` ({ before?, after?, …other facts }), as rows for a
 * compact diff and a one-line summary. Lists of plain values are compared as sets (+added
 * −removed); everything else by its JSON.
 */
export interface ChangeRow {
  key: string;
  before?: unknown;
  after?: unknown;
  /** Added and removed items when both sides are lists of plain values. */
  added?: string[];
  removed?: string[];
  changed: boolean;
}

export interface ChangeDiff {
  /** Fields of before/after (only those that differ when both sides exist). */
  rows: ChangeRow[];
  /** The other facts of the detail (neither before nor after). */
  facts: [string, unknown][];
  kind: 'create' | 'delete' | 'update' | 'facts';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isPlainList = (value: unknown): value is (string | number | boolean)[] =>
  Array.isArray(value) && value.every((v) => ['string', 'number', 'boolean'].includes(typeof v));

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function changeDiff(detail: Record<string, unknown> | null | undefined): ChangeDiff {
  const source = detail ?? {};
  const before = source.before;
  const after = source.after;
  const facts = Object.entries(source).filter(([key]) => key !== 'before' && key !== 'after');
  const rows: ChangeRow[] = [];
  const hasBefore = before !== undefined && before !== null;
  const hasAfter = after !== undefined && after !== null;
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const key of [...new Set([...Object.keys(b), ...Object.keys(a)])]) {
      const row: ChangeRow = { key, before: b[key], after: a[key], changed: !same(b[key], a[key]) };
      if (isPlainList(b[key]) && isPlainList(a[key])) {
        const bs = new Set(b[key].map(String));
        const as = new Set(a[key].map(String));
        row.added = [...as].filter((v) => !bs.has(v));
        row.removed = [...bs].filter((v) => !as.has(v));
      }
      if (!(hasBefore && hasAfter) || row.changed) rows.push(row);
    }
  } else if (hasBefore || hasAfter) {
    rows.push({ key: '', before, after, changed: !same(before, after) });
  }
  const kind = hasBefore && hasAfter ? 'update' : hasAfter ? 'create' : hasBefore ? 'delete' : 'facts';
  return { rows, facts, kind };
}

/** A value in a few characters: text as is, lists and objects as (shortened) JSON. */
export function shortValue(value: unknown, max = 60): string {
  if (value === undefined || value === null || value === '') return '—';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** One line: `name: a → b; menuCodes: +2 −1` (at most `maxRows` fields, then `…`). */
export function changeSummary(detail: Record<string, unknown> | null | undefined, maxRows = 3): string {
  const { rows, facts, kind } = changeDiff(detail);
  const parts = rows.slice(0, maxRows).map((row) => {
    const label = row.key ? `${row.key}: ` : '';
    if (row.added && row.removed) return `${label}+${row.added.length} −${row.removed.length}`;
    if (kind === 'create') return `${label}${shortValue(row.after, 30)}`;
    if (kind === 'delete') return `${label}${shortValue(row.before, 30)}`;
    return `${label}${shortValue(row.before, 30)} → ${shortValue(row.after, 30)}`;
  });
  if (rows.length > maxRows) parts.push('…');
  if (parts.length === 0)
    parts.push(
      ...facts.slice(0, maxRows).map(([key, value]) => `${key}: ${shortValue(value, 30)}`),
      ...(facts.length > maxRows ? ['…'] : []),
    );
  return parts.join('; ');
}
