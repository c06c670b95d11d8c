import { Card, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface KpiCardProps {
  title: string;
  value: ReactNode;
  /** A line under the figure (e.g. "12.5% of all alarms"). */
  note?: ReactNode;
  /** Where a click on the figure leads (History alarms / tasks, filtered); none: not a link. */
  to?: string;
  /** Says what the link opens (its title). */
  linkTitle?: string;
  testId: string;
  loading?: boolean;
  color?: string;
}

/**
 * One headline figure of an analysis page or My statistics. With `to` the whole card is a link (keyboard reachable, opens in a new tab
 * with the usual keys) to the list whose count it is.
 */
export function KpiCard({ title, value, note, to, linkTitle, testId, loading, color }: KpiCardProps) {
  const body = (
    <>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {loading ? (
        <Skeleton.Input active size="large" style={{ display: 'block', marginTop: 8 }} />
      ) : (
        <div
          data-testid={`${testId}-value`}
          style={{
            fontSize: 30,
            fontWeight: 600,
            lineHeight: 1.3,
            color,
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {value}
        </div>
      )}
      {note ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      ) : null}
    </>
  );
  return (
    <Card size="small" hoverable={Boolean(to)} data-testid={testId} style={{ height: '100%' }}>
      {to ? (
        <Link
          to={to}
          title={linkTitle}
          data-testid={`${testId}-link`}
          style={{ display: 'block', color: 'inherit' }}
        >
          {body}
        </Link>
      ) : (
        body
      )}
    </Card>
  );
}
