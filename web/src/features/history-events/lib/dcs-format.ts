import type { DcsAlarmItem } from '@sentinel/contract';

const num = (v: number | null) => (v === null ? '' : String(v));

/** A DCS point's limits: "75 ~ 95 ℃", "≤ 95 ℃", "≥ 75 ℃" or '—'. */
export function limitsText(row: Pick<DcsAlarmItem, 'lowLimit' | 'highLimit' | 'unit'>): string {
  const { lowLimit: low, highLimit: high, unit } = row;
  const suffix = unit ? ` ${unit}` : '';
  if (low !== null && high !== null) return `${num(low)} ~ ${num(high)}${suffix}`;
  if (high !== null) return `≤ ${num(high)}${suffix}`;
  if (low !== null) return `≥ ${num(low)}${suffix}`;
  return '—';
}

/** A reading with its unit, or '—'. */
export function valueText(row: Pick<DcsAlarmItem, 'value' | 'unit'>): string {
  return row.value === null ? '—' : `${row.value}${row.unit ? ` ${row.unit}` : ''}`;
}
