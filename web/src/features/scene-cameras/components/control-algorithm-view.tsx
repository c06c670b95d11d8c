import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type SceneCameraAlgorithmItem, translate } from '@sentinel/contract';
import { Button, Card, Col, Flex, Row, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { useRouteTitle } from '@/shared/routing/route-meta.ts';
import { confirmDialog, toast } from '@/shared/ui/feedback.ts';
import { PageEmpty, PageError, PageLoading } from '@/shared/ui/page-states.tsx';
import { useDeleteAlgorithms } from '../api/delete-algorithms.ts';
import { useCameraAlgorithms } from '../api/list-camera-algorithms.ts';
import { useSceneCameras } from '../api/list-scene-cameras.ts';
import { useScenes } from '../api/list-scenes.ts';
import { useSaveZones } from '../api/save-zones.ts';
import { useSortZones } from '../api/sort-zones.ts';
import { useIdParam } from '../lib/use-scene-param.ts';
import { AddAlgorithmsModal } from './add-algorithms-modal.tsx';
import { LevelTag } from './level-tag.tsx';
import { SceneSelect } from './scene-select.tsx';
import { ZoneEditor } from './zone-editor/zone-editor.tsx';

type Kind = 'general' | 'job' | 'temporary';

/**
 * Scene control (controlAlgorithm) and its temporary-job variant (temporaryAlgorithm): pick a
 * scene and one of its cameras, list the algorithms it runs with level and zones, add and delete
 * algorithms, and draw each algorithm's detection zones on the camera's snapshot.
 */
export function ControlAlgorithmView({ kinds, routeName }: { kinds: Kind[]; routeName: string }) {
  const title = useRouteTitle();
  const lang = useLang();
  const { t } = useTranslation('sceneCameras');
  const { t: tc } = useTranslation();
  const { can } = useButtons(routeName);
  const scenes = useScenes();
  const [sceneId, setSceneId] = useIdParam('sceneId');
  const [cameraId, setCameraId] = useIdParam('cameraId');
  const [selected, setSelected] = useState<number[]>([]);
  const [current, setCurrent] = useState<number | undefined>();
  const [adding, setAdding] = useState(false);
  const remove = useDeleteAlgorithms();
  const saveZones = useSaveZones();
  const sortZones = useSortZones();

  const sceneList = (scenes.data ?? []).filter((s) => kinds.includes(s.kind as Kind));
  const scene = sceneList.find((s) => s.id === sceneId);
  const firstScene = sceneList[0]?.id;
  useEffect(() => {
    if (scene === undefined && firstScene !== undefined) setSceneId(firstScene);
  }, [scene, firstScene, setSceneId]);

  const cameras = useSceneCameras(
    scene ? { page: 1, limit: 50, sceneId: scene.id, keyword: '', enabled: null } : null,
  );
  const cameraRows = cameras.data?.list ?? [];
  const sceneCamera = cameraRows.find((c) => c.cameraId === cameraId);
  const firstCamera = cameraRows[0]?.cameraId;
  useEffect(() => {
    if (!cameras.isFetching && sceneCamera === undefined && firstCamera !== undefined)
      setCameraId(firstCamera);
  }, [cameras.isFetching, sceneCamera, firstCamera, setCameraId]);

  const algorithms = useCameraAlgorithms(scene?.id, sceneCamera?.cameraId);
  const algorithmRows = algorithms.data ?? [];
  const editing = algorithmRows.find((a) => a.id === current) ?? algorithmRows[0];

  const deleteSelected = () => {
    if (selected.length === 0) {
      toast.warning(translate('algorithm.selectFirst', lang));
      return;
    }
    confirmDialog({
      title: tc('confirm'),
      content: translate('common.confirmDelete', lang),
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(selected).then(() => setSelected([])),
    });
  };

  if (scenes.isPending) return <PageLoading />;
  if (scenes.isError)
    return <PageError message={scenes.error.message} onRetry={() => void scenes.refetch()} />;
  if (sceneList.length === 0) {
    return (
      <Card variant="borderless" title={title}>
        <PageEmpty description={t('noScenes')} />
      </Card>
    );
  }

  return (
    <Card variant="borderless" title={title}>
      <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
        <SceneSelect
          scenes={sceneList}
          value={scene?.id}
          onChange={(id) => {
            setSceneId(id);
            setCameraId(undefined);
            setSelected([]);
            setCurrent(undefined);
          }}
        />
        <Select<number>
          data-testid="camera-select"
          aria-label={t('camera')}
          style={{ width: 260, maxWidth: '100%' }}
          placeholder={t('selectCamera')}
          loading={cameras.isPending && scene !== undefined}
          value={sceneCamera?.cameraId}
          notFoundContent={t('noCameras')}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(id) => {
            setCameraId(id);
            setSelected([]);
            setCurrent(undefined);
          }}
          options={cameraRows.map((c) => ({ value: c.cameraId, label: `${c.cameraName} (${c.cameraCode})` }))}
        />
      </Flex>
      {cameras.isError ? (
        <PageError message={cameras.error.message} onRetry={() => void cameras.refetch()} />
      ) : !sceneCamera ? (
        cameras.isPending ? (
          <PageLoading />
        ) : (
          <PageEmpty description={cameraRows.length === 0 ? t('noCameras') : t('pickCamera')} />
        )
      ) : (
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={10}>
            <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
              {can(`${routeName}:add`) && (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  onClick={() => setAdding(true)}
                  data-testid="add-algorithms"
                >
                  {t('addAlgorithms')}
                </Button>
              )}
              {can(`${routeName}:delete`) && (
                <Button
                  danger
                  icon={<DeleteOutlined />}
                  onClick={deleteSelected}
                  data-testid="delete-algorithms"
                >
                  {t('deleteSelected')}
                </Button>
              )}
            </Flex>
            {algorithms.isError ? (
              <PageError message={algorithms.error.message} onRetry={() => void algorithms.refetch()} />
            ) : (
              <Table<SceneCameraAlgorithmItem>
                data-testid="algorithm-table"
                rowKey="id"
                size="small"
                loading={algorithms.isFetching}
                dataSource={algorithmRows}
                pagination={false}
                locale={{ emptyText: <PageEmpty description={t('noAlgorithms')} /> }}
                rowSelection={{
                  selectedRowKeys: selected,
                  onChange: (keys) => setSelected(keys as number[]),
                }}
                rowClassName={(row) => (row.id === editing?.id ? 'ant-table-row-selected' : '')}
                onRow={(row) => ({ onClick: () => setCurrent(row.id), style: { cursor: 'pointer' } })}
                columns={[
                  { title: t('algorithm'), dataIndex: 'algorithmName' },
                  {
                    title: t('level'),
                    dataIndex: 'level',
                    render: (level: number) => <LevelTag level={level} />,
                  },
                  {
                    title: t('zones'),
                    key: 'zones',
                    render: (_, row) =>
                      row.zones.length === 0 ? (
                        <Typography.Text type="secondary">{t('noZones')}</Typography.Text>
                      ) : (
                        <Typography.Text>{row.zones.map((z) => z.name).join('、')}</Typography.Text>
                      ),
                  },
                ]}
              />
            )}
          </Col>
          <Col xs={24} lg={14}>
            {editing ? (
              <ZoneEditor
                key={`${editing.id}-${algorithms.dataUpdatedAt}`}
                title={t('zoneEditor.title', { name: editing.algorithmName })}
                imageUrl={sceneCamera.snapshotUrl}
                zones={editing.zones}
                readOnly={!can(`${routeName}:zone`)}
                saving={saveZones.isPending}
                onSave={(zones) =>
                  saveZones.mutateAsync({
                    sceneCameraAlgorithmId: editing.id,
                    zones: zones.map((z) => ({ id: z.id, name: z.name, points: z.points })),
                  })
                }
                onSort={(zoneIds) => sortZones.mutateAsync({ sceneCameraAlgorithmId: editing.id, zoneIds })}
              />
            ) : (
              <PageEmpty description={t('zoneEditor.pick')} />
            )}
          </Col>
        </Row>
      )}
      {sceneCamera && (
        <AddAlgorithmsModal
          open={adding}
          sceneCameraId={sceneCamera.id}
          cameraName={sceneCamera.cameraName}
          existing={algorithmRows.map((a) => a.algorithmId)}
          onClose={() => setAdding(false)}
        />
      )}
    </Card>
  );
}
