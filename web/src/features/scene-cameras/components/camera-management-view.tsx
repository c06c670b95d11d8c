import { DeleteOutlined, LinkOutlined } from '@ant-design/icons';
import { type SceneCameraItem, translate } from '@sentinel/contract';
import { Button, Card, Flex, Input, Select, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { useRouteTitle } from '@/shared/routing/route-meta.ts';
import { confirmDialog, toast } from '@/shared/ui/feedback.ts';
import { PageEmpty, PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useSceneCameras } from '../api/list-scene-cameras.ts';
import { useScenes } from '../api/list-scenes.ts';
import { useSetSceneCamerasEnabled } from '../api/set-enabled.ts';
import { useUnbindSceneCameras } from '../api/unbind.ts';
import { useIdParam } from '../lib/use-scene-param.ts';
import { BindCamerasModal } from './bind-cameras-modal.tsx';
import { SceneSelect } from './scene-select.tsx';
import { SnapshotThumb } from './snapshot-thumb.tsx';

type EnabledFilter = 'all' | 'enabled' | 'disabled';
type Kind = 'general' | 'job' | 'temporary';

/**
 * The cameras bound to a scene (SPEC §7 Cameras in scenes): pick a scene of the given kinds, list
 * its cameras, bind, enable, disable and unbind them. Used by cameraManagement (every scene) and
 * temporaryOperationScene (temporary job scenes only); buttons are `<routeName>:bind|enable|unbind`.
 */
export function CameraManagementView({ kinds, routeName }: { kinds: Kind[]; routeName: string }) {
  const title = useRouteTitle();
  const lang = useLang();
  const { t } = useTranslation('sceneCameras');
  const { t: tc } = useTranslation();
  const { can } = useButtons(routeName);
  const scenes = useScenes();
  const [sceneId, setSceneId] = useIdParam('sceneId');
  const [page, setPage] = useState<PageState>(FIRST_PAGE);
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<EnabledFilter>('all');
  const [selected, setSelected] = useState<number[]>([]);
  const [binding, setBinding] = useState(false);
  const setEnabled = useSetSceneCamerasEnabled();
  const unbind = useUnbindSceneCameras();

  const sceneList = (scenes.data ?? []).filter((s) => kinds.includes(s.kind as Kind));
  const scene = sceneList.find((s) => s.id === sceneId);
  const firstScene = sceneList[0]?.id;
  useEffect(() => {
    if (scene === undefined && firstScene !== undefined) setSceneId(firstScene);
  }, [scene, firstScene, setSceneId]);

  const query = scene
    ? { ...page, sceneId: scene.id, keyword, enabled: state === 'all' ? null : state === 'enabled' }
    : null;
  const list = useSceneCameras(query);
  const rows = list.data?.list ?? [];

  const changeScene = (id: number) => {
    setSceneId(id);
    setPage(FIRST_PAGE);
    setSelected([]);
  };

  const toggleMany = (enabled: boolean) => {
    if (selected.length === 0) {
      toast.warning(t('selectFirst'));
      return;
    }
    setEnabled.mutate({ ids: selected, enabled }, { onSuccess: () => setSelected([]) });
  };

  const unbindMany = () => {
    if (selected.length === 0) {
      toast.warning(translate('camera.selectToDelete', lang));
      return;
    }
    confirmDialog({
      title: tc('confirm'),
      content: translate('camera.confirmDelete', lang),
      okButtonProps: { danger: true },
      onOk: () => unbind.mutateAsync(selected).then(() => setSelected([])),
    });
  };

  const unbindOne = (row: SceneCameraItem) =>
    confirmDialog({
      title: tc('confirm'),
      content: translate('common.confirmDelete', lang),
      okButtonProps: { danger: true },
      onOk: () =>
        unbind.mutateAsync([row.id]).then(() => setSelected((s) => s.filter((id) => id !== row.id))),
    });

  if (scenes.isPending) return <PageLoading />;
  if (scenes.isError)
    return <PageError message={scenes.error.message} onRetry={() => void scenes.refetch()} />;

  return (
    <Card variant="borderless" title={title}>
      {sceneList.length === 0 ? (
        <PageEmpty
          description={
            kinds.length === 1 && kinds[0] === 'temporary' ? t('noTemporaryScenes') : t('noScenes')
          }
        />
      ) : (
        <>
          <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
            <SceneSelect scenes={sceneList} value={sceneId} onChange={changeScene} />
            <Input.Search
              allowClear
              data-testid="camera-search"
              placeholder={t('keyword')}
              aria-label={t('keyword')}
              style={{ width: 240 }}
              onSearch={(value) => {
                setKeyword(value.trim());
                setPage((p) => ({ ...p, page: 1 }));
              }}
            />
            <Select<EnabledFilter>
              aria-label={t('state')}
              style={{ width: 140 }}
              value={state}
              onChange={(value) => {
                setState(value);
                setPage((p) => ({ ...p, page: 1 }));
              }}
              options={[
                { value: 'all', label: t('allStates') },
                { value: 'enabled', label: tc('enabled') },
                { value: 'disabled', label: tc('disabled') },
              ]}
            />
          </Flex>
          <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
            {can(`${routeName}:bind`) && (
              <Button
                type="primary"
                icon={<LinkOutlined />}
                disabled={!scene}
                onClick={() => setBinding(true)}
                data-testid="bind-cameras"
              >
                {t('bind')}
              </Button>
            )}
            {can(`${routeName}:enable`) && (
              <>
                <Button
                  onClick={() => toggleMany(true)}
                  loading={setEnabled.isPending}
                  data-testid="batch-enable"
                >
                  {t('batchEnable')}
                </Button>
                <Button
                  onClick={() => toggleMany(false)}
                  loading={setEnabled.isPending}
                  data-testid="batch-disable"
                >
                  {t('batchDisable')}
                </Button>
              </>
            )}
            {can(`${routeName}:unbind`) && (
              <Button danger icon={<DeleteOutlined />} onClick={unbindMany} data-testid="batch-unbind">
                {t('batchUnbind')}
              </Button>
            )}
            {selected.length > 0 && (
              <Typography.Text type="secondary">{t('selected', { count: selected.length })}</Typography.Text>
            )}
          </Flex>
          {list.isError ? (
            <PageError message={list.error.message} onRetry={() => void list.refetch()} />
          ) : (
            <Table<SceneCameraItem>
              data-testid="scene-camera-table"
              rowKey="id"
              loading={list.isFetching}
              dataSource={rows}
              locale={{ emptyText: <PageEmpty description={t('noCameras')} /> }}
              rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
              pagination={tablePagination(page, list.data?.count ?? 0, setPage)}
              scroll={{ x: 'max-content' }}
              columns={[
                {
                  title: t('columns.snapshot'),
                  dataIndex: 'snapshotUrl',
                  width: 100,
                  render: (url: string | null, row) => <SnapshotThumb url={url} name={row.cameraName} />,
                },
                { title: t('columns.name'), dataIndex: 'cameraName' },
                { title: t('columns.code'), dataIndex: 'cameraCode' },
                { title: t('columns.ip'), dataIndex: 'ip', responsive: ['md'] },
                {
                  title: t('columns.online'),
                  dataIndex: 'online',
                  render: (online: boolean) => (
                    <Tag color={online ? 'green' : 'default'}>{online ? t('online') : t('offline')}</Tag>
                  ),
                },
                {
                  title: t('columns.enabled'),
                  dataIndex: 'enabled',
                  render: (enabled: boolean, row) => (
                    <Switch
                      checked={enabled}
                      disabled={!can(`${routeName}:enable`)}
                      loading={setEnabled.isPending && setEnabled.variables?.ids.includes(row.id)}
                      aria-label={`${t('columns.enabled')} ${row.cameraName}`}
                      data-testid={`enabled-${row.cameraCode}`}
                      onChange={(checked) => setEnabled.mutate({ ids: [row.id], enabled: checked })}
                    />
                  ),
                },
                { title: t('columns.algorithms'), dataIndex: 'algorithmCount', align: 'right' },
                {
                  title: tc('actions'),
                  key: 'actions',
                  render: (_, row) =>
                    can(`${routeName}:unbind`) ? (
                      <Button
                        type="link"
                        danger
                        size="small"
                        onClick={() => unbindOne(row)}
                        data-testid={`unbind-${row.cameraCode}`}
                      >
                        {t('unbind')}
                      </Button>
                    ) : null,
                },
              ]}
            />
          )}
          {scene && (
            <BindCamerasModal
              open={binding}
              sceneId={scene.id}
              sceneName={scene.name}
              onClose={() => setBinding(false)}
            />
          )}
        </>
      )}
    </Card>
  );
}
