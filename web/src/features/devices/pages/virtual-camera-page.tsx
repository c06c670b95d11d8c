import type { CameraRow } from '@sentinel/contract';
import { Space, type TableColumnsType, Tag, Typography } from 'antd';
import { CrudList, EnabledTag, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useButtons } from '@/shared/permission/use-buttons.ts';
import { virtualCameraApi } from '../api/virtual-cameras.ts';
import { SnapshotCell } from '../components/snapshot-cell.tsx';
import { VirtualCameraForm } from '../components/virtual-camera-form.tsx';

/** mp4 / HLS / FLV / stream, from the source address. */
function sourceKind(source: string): string {
  const path = source.split('?')[0]?.toLowerCase() ?? '';
  if (path.endsWith('.m3u8')) return 'HLS';
  if (path.endsWith('.flv')) return 'FLV';
  if (path.endsWith('.mp4')) return 'MP4';
  return source.split(':')[0]?.toUpperCase() ?? '';
}

/** /deviceManagement/virtualCamera: a video file or url that behaves as a camera. */
export default function VirtualCameraPage() {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const crud = useCrudPage(virtualCameraApi, 'virtualCamera');
  // Snapshots are the cameras' (the camera list's button).
  const snapshots = useButtons('cameraSet');

  const columns: TableColumnsType<CameraRow> = [
    {
      title: t('field.snapshot'),
      key: 'snapshot',
      width: 120,
      render: (_, row) => (
        <SnapshotCell
          cameraId={row.id}
          url={row.snapshotUrl}
          name={row.name}
          canUpload={snapshots.can('cameraSet:snapshot')}
        />
      ),
    },
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.code'), dataIndex: 'code' },
    {
      title: t('field.source'),
      dataIndex: 'mainStreamUrl',
      render: (source: string) => (
        <Space>
          <Tag>{sourceKind(source)}</Tag>
          <Typography.Text copyable ellipsis style={{ maxWidth: 320 }}>
            {source}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('field.area'), dataIndex: 'areaName', responsive: ['md'], render: (v: string) => v || '—' },
    {
      title: tc('enabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean) => <EnabledTag enabled={enabled} />,
    },
    crud.actionsColumn({
      width: 140,
      testId: (row) => `virtual-${row.id}`,
      name: (row) => `${row.name} (${row.code})`,
    }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="virtual"
      pageTestId="virtual-camera-page"
      search={t('filter.keyword')}
      addLabel={t('virtual.add')}
      columns={columns}
    >
      <VirtualCameraForm {...crud.form} />
    </CrudList>
  );
}
