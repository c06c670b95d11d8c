import { PlusOutlined } from '@ant-design/icons';
import type { OfflineAnalysisItem, OfflineAnalysisListQuery } from '@sentinel/contract';
import { Button, Card, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { confirmDialog, toast } from '@/shared/ui/feedback.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useDeleteAnalysis } from '../api/delete-analysis.ts';
import { useAnalyses } from '../api/list-analyses.ts';
import { AnalysisFilters, type AnalysisFilterValues } from '../components/analysis-filters.tsx';
import { AnalysisTable } from '../components/analysis-table.tsx';
import { NewAnalysisDialog } from '../components/new-analysis-dialog.tsx';
import { ResultsDrawer } from '../components/results-drawer.tsx';

type Filters = Pick<OfflineAnalysisListQuery, 'keyword' | 'state'>;

function toFilters(values: AnalysisFilterValues): Filters {
  const keyword = values.keyword?.trim();
  return {
    ...(keyword ? { keyword } : {}),
    ...(values.state !== undefined && values.state !== null ? { state: values.state } : {}),
  };
}

/**
 * /offLineVideo/offLineVideoSet: offline video analysis. Upload a video (or give its URL), pick
 * algorithms and start a job; the list follows waiting and analyzing jobs every 2 s; a finished
 * job's events (with images) open in a drawer; a job is deleted with its video and images.
 */
export default function OfflineVideoPage() {
  const { t } = useTranslation('offlineVideo');
  const buttons = useButtons('offLineVideoSet');
  const accountId = useUserStore((s) => s.id);
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useState<Filters>({});
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const query = useAnalyses({ ...paging, ...filters });
  const remove = useDeleteAnalysis();

  const search = (values: AnalysisFilterValues) => {
    setFilters(toFilters(values));
    setPaging((p) => ({ ...p, page: 1 }));
  };

  const askDelete = (row: OfflineAnalysisItem) =>
    confirmDialog({
      title: t('common:confirmDelete'),
      content: t('confirmDelete', { name: row.name }),
      okButtonProps: { danger: true, ...({ 'data-testid': 'offline-delete-ok' } as Record<string, string>) },
      onOk: async () => {
        if (accountId === null) return;
        try {
          await remove.mutateAsync({ id: row.id, accountId });
          toast.success(t('deleted'));
          if (viewing === row.id) setViewing(null);
          // The last row of a later page: go back a page.
          if ((query.data?.list.length ?? 0) <= 1 && paging.page > 1)
            setPaging((p) => ({ ...p, page: p.page - 1 }));
        } catch {
          // The request layer has shown the server's message.
        }
      },
    });

  return (
    <Card variant="borderless" data-testid="offline-video-page">
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <AnalysisFilters
          onSearch={search}
          onReset={() => {
            setFilters({});
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
        {buttons.can('offLineVideoSet:add') ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="offline-new"
          >
            {t('new')}
          </Button>
        ) : null}
      </Flex>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <AnalysisTable
          rows={query.data?.list ?? []}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
          canDelete={buttons.can('offLineVideoSet:delete')}
          onView={(row) => setViewing(row.id)}
          onDelete={askDelete}
        />
      )}
      {creating ? (
        <NewAnalysisDialog
          onClose={() => setCreating(false)}
          onCreated={() => {
            setCreating(false);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
        />
      ) : null}
      <ResultsDrawer id={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
