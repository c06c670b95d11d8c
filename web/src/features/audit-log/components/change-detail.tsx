import { Flex, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ChangeList } from '@/shared/ui/change-list.tsx';
import { changeDiff } from '@/shared/utils/change-diff.ts';

/**
 * An entry's detail: a compact diff (each changed field before → after, lists as +added
 * −removed, then the other facts), or the raw JSON.
 */
export function ChangeDetail({ detail, testId }: { detail: Record<string, unknown>; testId: string }) {
  const { t } = useTranslation('auditLog');
  const [view, setView] = useState<'diff' | 'json'>('diff');
  const diff = changeDiff(detail);
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
      ) : diff.rows.length + diff.facts.length === 0 ? (
        <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>
      ) : (
        <ChangeList
          diff={diff}
          valueLabel={t('detail.value')}
          kindLabel={t(`detail.${diff.kind}`)}
          testId={`${testId}-diff`}
        />
      )}
    </Flex>
  );
}
