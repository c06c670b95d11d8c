import { type JobRunItem, jobRunListQuery } from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { sameFilters, useUrlFilters } from '@/shared/filters/url-filters.ts';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { JOB_RUNS_KEY, useJobRunList } from '../api/job-runs.ts';
import { JobRunFilterBar } from '../components/job-run-filters.tsx';
import { JobRunTable } from '../components/job-run-table.tsx';

/**
 * /historyRecords/historyTask: job runs with their state and detection; a row opens its details.
 * The filters live in the URL (the contract's list query names): a link from the safety analysis
 * opens the list already filtered, and a reload keeps the last search.
 */
export default function HistoryTaskPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useUrlFilters(jobRunListQuery);
  const query = useJobRunList({ ...paging, ...filters });
  const pagination = tablePagination(paging, query.data?.count ?? 0, setPaging);
  // A run reported or changed by the engine refreshes the list.
  useRealtime<JobRunItem>('jobRun.updated', () => {
    void queryClient.invalidateQueries({ queryKey: [...JOB_RUNS_KEY, 'list'] });
  });

  return (
    <Card variant="borderless" data-testid="history-task-page">
      <JobRunFilterBar
        value={filters}
        onSearch={(next) => {
          // Searching again with the same filters on the first page refreshes the list.
          const same = paging.page === 1 && sameFilters(next, filters);
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
          if (same) void query.refetch();
        }}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <JobRunTable
          rows={query.data?.list ?? []}
          loading={query.isFetching}
          pagination={pagination}
          onOpen={(id) => navigate(`/historyRecords/taskDetails/${id}`)}
        />
      )}
    </Card>
  );
}
