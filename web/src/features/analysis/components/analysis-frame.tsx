import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Typography } from 'antd';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import type { AnalysisRequest } from '../lib/analysis-filters.ts';
import type { AnalysisFilterState } from '../lib/use-analysis-filters.ts';
import { AnalysisFilterBar } from './analysis-filter-bar.tsx';
import { AnalysisError, AnalysisSkeleton } from './analysis-states.tsx';

interface AnalysisFrameProps {
  testId: string;
  state: AnalysisFilterState;
  /** Offer plant and area filters. */
  plant: boolean;
  result: {
    data: unknown;
    isPending: boolean;
    isFetching: boolean;
    isError: boolean;
    /** The figures shown are the previous filters' while the new ones load. */
    isPlaceholderData: boolean;
    error: Error | null;
    dataUpdatedAt: number;
    refetch: () => unknown;
  };
  skeleton: { kpis: number; figures: number };
  /** The figures, once the first answer is there. */
  children: (query: AnalysisRequest) => ReactNode;
}

const SHOWN = 'YYYY-MM-DD HH:mm';

/**
 * The frame of an analysis page: filters, the range being shown with the last update and a
 * refresh, then the figures or the loading (skeleton), error (with retry) state.
 */
export function AnalysisFrame({ testId, state, plant, result, skeleton, children }: AnalysisFrameProps) {
  const { t } = useTranslation('analysis');
  const { query } = state;
  let body: ReactNode;
  if (!query) body = <Empty data-testid="analysis-no-range" description={t('chooseRange')} />;
  else if (result.isError && !result.data)
    body = <AnalysisError message={result.error?.message} onRetry={() => result.refetch()} />;
  else if (result.isPending || !result.data) body = <AnalysisSkeleton {...skeleton} />;
  else
    body = (
      <div
        aria-busy={result.isPlaceholderData}
        style={{ opacity: result.isPlaceholderData ? 0.55 : 1, transition: 'opacity 0.2s' }}
      >
        {children(query)}
      </div>
    );

  return (
    <Card variant="borderless" data-testid={testId}>
      <AnalysisFilterBar value={state.filters} onChange={state.setFilters} plant={plant} />
      {query ? (
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
          <Typography.Text type="secondary" data-testid="analysis-range">
            {t('range', {
              start: dayjs(query.startTime).format(SHOWN),
              end: dayjs(query.endTime).format(SHOWN),
            })}
          </Typography.Text>
          <Flex align="center" gap={8}>
            {result.dataUpdatedAt ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('updated', { time: dayjs(result.dataUpdatedAt).format('HH:mm:ss') })}
              </Typography.Text>
            ) : null}
            <Button
              size="small"
              icon={<ReloadOutlined spin={result.isFetching} />}
              onClick={() => result.refetch()}
              data-testid="analysis-refresh"
            >
              {t('refresh')}
            </Button>
          </Flex>
        </Flex>
      ) : null}
      {result.isError && result.data ? (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginBottom: 8 }}>
          {t('staleError', { message: result.error?.message ?? '' })}
        </Typography.Text>
      ) : null}
      {body}
    </Card>
  );
}
