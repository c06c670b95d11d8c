import { type SceneItem, type SceneKind, translate } from '@sentinel/contract';
import { Button, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { useRouteTitle } from '@/shared/routing/route-meta.ts';
import { confirmDialog, toast } from '@/shared/ui/feedback.ts';
import { PageEmpty, PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useScenes } from '../api/scene-list.ts';
import { useDeleteScene, useDeleteScenes, useSetSceneEnabled } from '../api/scene-mutations.ts';
import { routeNameOf } from '../lib/kind.ts';
import { sceneColumns } from './scene-columns.tsx';
import { EMPTY_FILTERS, SceneFilters, type SceneFilterValues } from './scene-filters.tsx';
import { SceneFormDrawer } from './scene-form-drawer.tsx';

/** List + create/edit/enable/delete of the scenes of one kind (general, job, temporary). */
export function SceneManagePage({ kind }: { kind: SceneKind }) {
  const { t } = useTranslation('scenes');
  const lang = useLang();
  const title = useRouteTitle();
  const route = routeNameOf(kind);
  const buttons = useButtons(route);
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useState<SceneFilterValues>(EMPTY_FILTERS);
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ open: boolean; scene: SceneItem | null }>({
    open: false,
    scene: null,
  });
  const query = useScenes({ kind, ...paging, ...filters });
  const toggle = useSetSceneEnabled();
  const remove = useDeleteScene();
  const removeMany = useDeleteScenes();
  const confirmText = translate('common.confirmDelete', lang);

  const columns = sceneColumns(kind, t, {
    canEdit: buttons.can(`${route}:edit`),
    canDelete: buttons.can(`${route}:delete`),
    canEnable: buttons.can(`${route}:enable`),
    confirmText,
    onEdit: (scene) => setEditing({ open: true, scene }),
    onDelete: (scene) =>
      remove.mutate(scene.id, { onSuccess: () => setSelected((s) => s.filter((id) => id !== scene.id)) }),
    onToggle: (scene, enabled) => toggle.mutate({ id: scene.id, enabled }),
    toggling: toggle.isPending ? (toggle.variables?.id ?? null) : null,
  });

  const batchDelete = () => {
    if (selected.length === 0) {
      toast.warning(t('selectToDelete'));
      return;
    }
    confirmDialog({
      title: confirmText,
      content: t('confirmBatchDelete', { count: selected.length }),
      okButtonProps: { danger: true },
      onOk: () => removeMany.mutateAsync(selected).then(() => setSelected([])),
    });
  };

  return (
    <Card variant="borderless" title={title} data-testid={`scene-manage-${kind}`}>
      <SceneFilters
        placeholder={t(kind === 'temporary' ? 'placeholder.jobKeyword' : 'placeholder.keyword')}
        onSearch={(values) => {
          setFilters(values);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <Space style={{ marginBottom: 12 }}>
        {buttons.can(`${route}:add`) ? (
          <Button
            type="primary"
            onClick={() => setEditing({ open: true, scene: null })}
            data-testid="scene-add"
          >
            {t('action.add')}
          </Button>
        ) : null}
        {buttons.can(`${route}:delete`) ? (
          <Button
            danger
            onClick={batchDelete}
            loading={removeMany.isPending}
            data-testid="scene-batch-delete"
          >
            {t('action.batchDelete')}
          </Button>
        ) : null}
      </Space>
      {query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => query.refetch()} />
      ) : (
        <Table<SceneItem>
          rowKey="id"
          size="middle"
          loading={query.isFetching}
          columns={columns}
          dataSource={query.data?.list ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: query.isPending ? ' ' : <PageEmpty /> }}
          rowSelection={
            buttons.can(`${route}:delete`)
              ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
              : undefined
          }
          pagination={tablePagination(paging, query.data?.count ?? 0, setPaging)}
        />
      )}
      <SceneFormDrawer
        kind={kind}
        open={editing.open}
        scene={editing.scene}
        onClose={() => setEditing({ open: false, scene: null })}
      />
    </Card>
  );
}
