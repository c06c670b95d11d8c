import { Link } from 'react-router';

/** A count in a table: a link to History alarms with the row's filters when there is one. */
export function DrillCount({ to, value }: { to?: string; value: number }) {
  if (!to) return <span>{value}</span>;
  return (
    <Link to={to} data-drill="true" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {value}
    </Link>
  );
}
