import { Card } from 'antd';
import { useState } from 'react';
import { ListToolbar, useListPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageError } from '@/shared/ui/page-states.tsx';
import { tablePagination } from '@/shared/ui/table-pagination.ts';
import { useDeploymentEvents, useInstances } from '../api/instances.ts';
import { InstanceDrawer } from '../components/instance-drawer.tsx';
import { InstanceTable } from '../components/instance-table.tsx';

/**
 * /AIOpenPlatform/AlgorithmInstanceLibrary: the algorithm instances with their live version, where
 * they run and how the live version does (alarms, false-positive rate); an instance opens with its
 * immutable versions, which version was live when, publish (behind the gate) and roll back. A
 * publish or roll-back made anywhere updates the page live.
 */
export default function InstanceLibraryPage() {
  const { t } = useTranslation('aiInstances');
  const list = useListPage();
  const [open, setOpen] = useState<number | null>(null);
  const query = useInstances(list.query);
  useDeploymentEvents();
  return (
    <Card variant="borderless" data-testid="instance-library-page">
      <ListToolbar
        testId="instances"
        addLabel=""
        search={{ placeholder: t('keyword'), onSearch: list.setKeyword }}
      />
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <InstanceTable
          rows={query.data?.list ?? []}
          loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
          pagination={tablePagination(list.paging, query.data?.count ?? 0, list.setPaging)}
          onOpen={(row) => setOpen(row.id)}
        />
      )}
      <InstanceDrawer id={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
