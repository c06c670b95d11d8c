import { Tag, Typography } from 'antd';
import type { ChangeDiff } from '@/shared/utils/change-diff.ts';
import { shortValue } from '@/shared/utils/change-diff.ts';

const cell = { margin: 0, wordBreak: 'break-all' } as const;

/**
 * A change as a compact list: each changed field before → after (a created row shows its values,
 * a deleted one its old values struck through; lists as +added −removed), then the other facts.
 * `kindLabel` puts a created / deleted / changed tag above the fields.
 */
export function ChangeList({
  diff,
  valueLabel,
  unchangedLabel,
  kindLabel,
  maxLength = 300,
  testId,
}: {
  diff: ChangeDiff;
  /** The name shown for a change of a plain value (no field name). */
  valueLabel: string;
  /** Shown for a list whose items did not change. */
  unchangedLabel?: string;
  kindLabel?: string;
  maxLength?: number;
  testId?: string;
}) {
  const { rows, facts, kind } = diff;
  const struck = (value: unknown) => (
    <Typography.Text delete type="secondary">
      {shortValue(value, maxLength)}
    </Typography.Text>
  );
  return (
    <dl
      style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}
      data-testid={testId}
    >
      {kindLabel && rows.length > 0 ? (
        <div style={{ display: 'contents' }}>
          <dt />
          <dd style={{ margin: 0 }}>
            <Tag color={kind === 'create' ? 'green' : kind === 'delete' ? 'red' : 'blue'}>{kindLabel}</Tag>
          </dd>
        </div>
      ) : null}
      {rows.map((row) => (
        <div key={row.key || 'value'} style={{ display: 'contents' }}>
          <dt>
            <Typography.Text strong>{row.key || valueLabel}</Typography.Text>
          </dt>
          <dd style={cell}>
            {row.added && row.removed ? (
              <>
                {row.added.map((v) => (
                  <Tag key={`+${v}`} color="green">
                    +{v}
                  </Tag>
                ))}
                {row.removed.map((v) => (
                  <Tag key={`-${v}`} color="red">
                    −{v}
                  </Tag>
                ))}
                {row.added.length + row.removed.length === 0 ? unchangedLabel : null}
              </>
            ) : kind === 'create' ? (
              shortValue(row.after, maxLength)
            ) : kind === 'delete' ? (
              struck(row.before)
            ) : (
              <>
                {struck(row.before)}
                {' → '}
                {shortValue(row.after, maxLength)}
              </>
            )}
          </dd>
        </div>
      ))}
      {facts.map(([key, value]) => (
        <div key={key} style={{ display: 'contents' }}>
          <dt>
            <Typography.Text strong>{key}</Typography.Text>
          </dt>
          <dd style={cell}>{shortValue(value, 400)}</dd>
        </div>
      ))}
    </dl>
  );
}
