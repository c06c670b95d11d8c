import type { JobRunItem } from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Card } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useRealtime } from '@/shared/realtime/use-realtime.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { JOB_RUNS_KEY, useJobRunList } from '../api/job-runs.ts';
import { JobRunFilterBar, type JobRunFilters } from '../components/job-run-filters.tsx';
import { JobRunTable } from '../components/job-run-table.tsx';

/** /historyRecords/historyTask: job runs with their state and detection; a row opens its details. */
export default function HistoryTaskPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useState<JobRunFilters>({});
  const query = useJobRunList({ ...paging, ...filters });
  const pagination = tablePagination(paging, query.data?.count ?? 0, setPaging);
  // A run reported or changed by the engine refreshes the list.
  useRealtime<JobRunItem>('jobRun.updated', () => {
    void queryClient.invalidateQueries({ queryKey: [...JOB_RUNS_KEY, 'list'] });
  });

  return (
    <Card variant="borderless" data-testid="history-task-page">
      <JobRunFilterBar
        onSearch={(next) => {
          setFilters(next);
          setPaging((p) => ({ ...p, page: 1 }));
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
