import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface KpiCardProps {
  title: string;
  value: ReactNode;
  /** A line under the figure. */
  note?: ReactNode;
  /** History alarms filtered as the figure (a link); none: not a link. */
  to?: string;
  /** Says what the link opens (its title). */
  linkTitle?: string;
  testId: string;
  color?: string;
}

/** One headline figure; with `to` the card is a link (keyboard reachable) to History alarms. */
export function KpiCard({ title, value, note, to, linkTitle, testId, color }: KpiCardProps) {
  const body = (
    <>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <div
        data-testid={`${testId}-value`}
        style={{ fontSize: 28, fontWeight: 600, lineHeight: 1.3, color, fontVariantNumeric: 'tabular-nums' }}
      >
        {value}
      </div>
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
