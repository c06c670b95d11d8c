import { AGREEMENT_LABELS, type CameraAgreement, type CameraRow } from '@sentinel/contract';
import { Button, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { LicenceBanner } from '@/features/licence/index.ts';
import { CrudList, EnabledTag, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { cameraApi } from '../api/cameras.ts';
import { CameraFilters, NO_FILTERS } from '../components/camera-filters.tsx';
import { CameraFormDrawer } from '../components/camera-form-drawer.tsx';
import { CameraPlayDialog } from '../components/camera-play-dialog.tsx';
import { OnlineBadge } from '../components/online-badge.tsx';
import { SnapshotCell } from '../components/snapshot-cell.tsx';

/** Main line strong, a second line small and grey. */
const twoLines = (main: ReactNode, second: ReactNode) => (
  <Space orientation="vertical" size={0}>
    {main}
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {second}
    </Typography.Text>
  </Space>
);

/** /deviceManagement/cameraSet: the camera list with search, filters and the SPEC's pagination. */
export default function CameraSetPage() {
  const { t } = useTranslation('devices');
  const { t: tc } = useTranslation();
  const crud = useCrudPage(cameraApi, 'cameraSet', { filters: NO_FILTERS, query: { virtual: false } });
  const [playing, setPlaying] = useState<CameraRow | null>(null);

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
          canUpload={crud.can('snapshot')}
        />
      ),
    },
    {
      title: t('field.name'),
      dataIndex: 'name',
      render: (name: string, row) => twoLines(<Typography.Text strong>{name}</Typography.Text>, row.code),
    },
    {
      title: t('field.cameraType'),
      key: 'type',
      responsive: ['lg'],
      render: (_, row) =>
        row.brand ? (
          <Space orientation="vertical" size={0}>
            <span>
              {row.brand} {row.model}
            </span>
            <Tag>{t(`typeKind.${row.type}`, { defaultValue: row.type })}</Tag>
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('field.address'),
      key: 'ip',
      render: (_, row) =>
        twoLines(
          <Typography.Text copyable={{ text: row.ip }}>{row.ip}</Typography.Text>,
          <>
            {AGREEMENT_LABELS[row.agreement as CameraAgreement] ?? row.agreement} · {row.videoPort ?? '—'}
            {row.controlPort ? ` / ${row.controlPort}` : ''}
          </>,
        ),
    },
    { title: t('field.area'), dataIndex: 'areaName', render: (v: string) => v || '—' },
    {
      title: t('field.mounting'),
      dataIndex: 'moving',
      responsive: ['xl'],
      render: (moving: boolean) => (moving ? t('mounting.moving') : t('mounting.fixed')),
    },
    {
      title: t('field.status'),
      dataIndex: 'online',
      width: 100,
      render: (online: boolean) => <OnlineBadge online={online} />,
    },
    {
      title: tc('enabled'),
      dataIndex: 'enabled',
      width: 90,
      responsive: ['md'],
      render: (enabled: boolean) => <EnabledTag enabled={enabled} />,
    },
    crud.actionsColumn({
      width: 180,
      fixed: 'right',
      testId: (row) => `camera-${row.id}`,
      name: (row) => `${row.name} (${row.code})`,
      extra: (row) => (
        <Button
          type="link"
          size="small"
          onClick={() => setPlaying(row)}
          data-testid={`camera-play-${row.id}`}
        >
          {t('camera.play')}
        </Button>
      ),
    }),
  ];

  return (
    <>
      <LicenceBanner style={{ marginBottom: 12 }} />
      <CrudList
        crud={crud}
        testId="camera"
        pageTestId="camera-set-page"
        filters={<CameraFilters onSearch={crud.setFilters} />}
        addLabel={t('camera.add')}
        columns={columns}
      >
        <CameraFormDrawer {...crud.form} />
        <CameraPlayDialog camera={playing} onClose={() => setPlaying(null)} />
      </CrudList>
    </>
  );
}
