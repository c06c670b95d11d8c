import type { CoverageNode } from '@sentinel/contract';
import { Card, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { useCoverage } from '../api/scope.ts';

/** The plant/area tree this installation holds data for, with each subtree's cameras, scenes and alarms. */
export function CoverageCard() {
  const { t } = useTranslation('scope');
  const coverage = useCoverage();
  const columns: TableColumnsType<CoverageNode> = [
    { title: t('column.node'), dataIndex: 'name' },
    {
      title: t('column.kind'),
      dataIndex: 'kind',
      render: (k: string) => t(`kind.${k}`, { defaultValue: k }),
    },
    { title: t('column.cameras'), dataIndex: 'cameras' },
    { title: t('column.scenes'), dataIndex: 'scenes' },
    { title: t('column.alarms'), dataIndex: 'alarms' },
  ];
  const unassigned = coverage.data?.unassigned;
  return (
    <Card variant="borderless" title={t('coverage.title')} data-testid="coverage-card">
      {coverage.isError && !coverage.data ? (
        <PageError message={coverage.error.message} onRetry={() => void coverage.refetch()} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('coverage.note')}</Typography.Paragraph>
          <ListTable<CoverageNode>
            // Mounted again once loaded: antd expands all rows only on the first render with data.
            key={coverage.data ? 'loaded' : 'loading'}
            testId="coverage"
            columns={columns}
            dataSource={(coverage.data?.list ?? []).map(withoutEmptyChildren)}
            loading={coverage.isPending}
            pagination={false}
            expandable={{ defaultExpandAllRows: true }}
          />
          {unassigned && unassigned.cameras + unassigned.scenes + unassigned.alarms > 0 ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="coverage-unassigned">
              {t('coverage.unassigned', unassigned)}
            </Typography.Paragraph>
          ) : null}
        </>
      )}
    </Card>
  );
}

/** antd shows an expand arrow for an empty `children` array: leaves carry none. */
function withoutEmptyChildren(node: CoverageNode): CoverageNode {
  const children = node.children.map(withoutEmptyChildren);
  return children.length > 0
    ? { ...node, children }
    : ({ ...node, children: undefined } as unknown as CoverageNode);
}
