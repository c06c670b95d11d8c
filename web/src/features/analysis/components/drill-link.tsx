import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A figure in a table: a link to the filtered list when there is one, plain text otherwise. */
export function DrillLink({ to, children, testId }: { to?: string; children: ReactNode; testId?: string }) {
  if (!to) return <span data-testid={testId}>{children}</span>;
  return (
    <Link to={to} data-testid={testId} data-drill="true" style={{ fontVariantNumeric: 'tabular-nums' }}>
      {children}
    </Link>
  );
}
