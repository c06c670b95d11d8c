import { Flex, Segmented, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { changeDiff, shortValue } from '@/shared/utils/change-diff.ts';

/**
 * An entry's detail: a compact diff (each changed field before → after, lists as +added
 * −removed, then the other facts), or the raw JSON.
 */
export function ChangeDetail({ detail, testId }: { detail: Record<string, unknown>; testId: string }) {
  const { t } = useTranslation('auditLog');
  const [view, setView] = useState<'diff' | 'json'>('diff');
  const { rows, facts, kind } = changeDiff(detail);
  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Segmented<'diff' | 'json'>
        size="small"
        value={view}
        onChange={setView}
        options={[
          { value: 'diff', label: t('detail.diff') },
          { value: 'json', label: t('detail.json') },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'json' ? (
        <pre
          style={{ margin: 0, maxHeight: 320, overflow: 'auto', fontSize: 12 }}
          data-testid={`${testId}-json`}
        >
          {JSON.stringify(detail, null, 2)}
        </pre>
      ) : rows.length + facts.length === 0 ? (
        <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>
      ) : (
        <dl
          style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px' }}
          data-testid={`${testId}-diff`}
        >
          {rows.length > 0 ? (
            <div style={{ display: 'contents' }}>
              <dt />
              <dd style={{ margin: 0 }}>
                <Tag color={kind === 'create' ? 'green' : kind === 'delete' ? 'red' : 'blue'}>
                  {t(`detail.${kind}`)}
                </Tag>
              </dd>
            </div>
          ) : null}
          {rows.map((row) => (
            <div key={row.key || 'value'} style={{ display: 'contents' }}>
              <dt>
                <Typography.Text strong>{row.key || t('detail.value')}</Typography.Text>
              </dt>
              <dd style={{ margin: 0, wordBreak: 'break-all' }}>
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
                  </>
                ) : kind === 'create' ? (
                  shortValue(row.after, 300)
                ) : kind === 'delete' ? (
                  <Typography.Text delete type="secondary">
                    {shortValue(row.before, 300)}
                  </Typography.Text>
                ) : (
                  <>
                    <Typography.Text delete type="secondary">
                      {shortValue(row.before, 300)}
                    </Typography.Text>
                    {' → '}
                    {shortValue(row.after, 300)}
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
              <dd style={{ margin: 0, wordBreak: 'break-all' }}>{shortValue(value, 400)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Flex>
  );
}
