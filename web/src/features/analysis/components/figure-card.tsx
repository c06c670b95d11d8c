import { BarChartOutlined, TableOutlined } from '@ant-design/icons';
import { Card, Empty, Flex, Segmented, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';

interface FigureCardProps {
  title: ReactNode;
  /** data-testid of the card; the chart and table views add `-chart` / `-table` in their own ids. */
  testId: string;
  /** No data to draw: the card says so instead of an empty chart. */
  empty: boolean;
  emptyText: string;
  chart: () => ReactNode;
  /** The same figures as a table whose cells link to the lists (the keyboard's way to drill). */
  table: () => ReactNode;
  /** 'toggle': chart or table, chosen in the card's header; 'both': the chart above its table. */
  mode?: 'toggle' | 'both';
  /** A line under the figure (what a click opens, when it needs saying). */
  note?: ReactNode;
  /** More controls in the header (before the chart / table switch), e.g. hour / day. */
  extra?: ReactNode;
}

/** A titled figure of an analysis: a chart, its table, or both. */
export function FigureCard({
  title,
  testId,
  empty,
  emptyText,
  chart,
  table,
  mode = 'toggle',
  extra,
  note,
}: FigureCardProps) {
  const { t } = useTranslation('analysis');
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const switcher =
    mode === 'toggle' && !empty ? (
      <Segmented<'chart' | 'table'>
        size="small"
        value={view}
        onChange={setView}
        aria-label={t('view.label')}
        data-testid={`${testId}-view`}
        options={[
          { value: 'chart', icon: <BarChartOutlined />, title: t('view.chart'), label: t('view.chart') },
          { value: 'table', icon: <TableOutlined />, title: t('view.table'), label: t('view.table') },
        ]}
      />
    ) : null;
  return (
    <Card
      size="small"
      title={title}
      data-testid={testId}
      style={{ height: '100%' }}
      extra={
        extra || switcher ? (
          <Flex gap={8} align="center" wrap>
            {extra}
            {switcher}
          </Flex>
        ) : undefined
      }
    >
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} data-testid={`${testId}-empty`} />
      ) : mode === 'both' ? (
        <>
          {chart()}
          {table()}
        </>
      ) : view === 'chart' ? (
        chart()
      ) : (
        table()
      )}
      {note && !empty ? (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
          {note}
        </Typography.Text>
      ) : null}
    </Card>
  );
}
