import type { PlatformRow } from '@sentinel/contract';
import { type TableColumnsType, Tag } from 'antd';
import { CrudList, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { platformApi } from '../api/platforms.ts';
import { PlatformForm } from '../components/platform-form.tsx';

/** /deviceManagement/cameraPlatform: NVRs, GB28181 and vendor platforms cameras are reached through. */
export default function CameraPlatformPage() {
  const { t } = useTranslation('devices');
  const crud = useCrudPage(platformApi, 'cameraPlatform');

  const columns: TableColumnsType<PlatformRow> = [
    { title: t('field.name'), dataIndex: 'name' },
    {
      title: t('field.platformKind'),
      dataIndex: 'kind',
      render: (k: string) => <Tag>{t(`platformKind.${k}`, { defaultValue: k })}</Tag>,
    },
    { title: t('field.address'), key: 'addr', render: (_, r) => `${r.ip}:${r.port}` },
    { title: t('field.username'), dataIndex: 'username', responsive: ['md'] },
    { title: t('field.cameraCount'), dataIndex: 'cameraCount', width: 110 },
    { title: t('field.description'), dataIndex: 'description', ellipsis: true, responsive: ['lg'] },
    crud.actionsColumn({
      width: 140,
      testId: (row) => `platform-${row.id}`,
      // Its cameras stay, without a platform: say so before deleting.
      name: (row) =>
        row.cameraCount > 0 ? t('platform.deleteKeepsCameras', { count: row.cameraCount }) : row.name,
    }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="platform"
      pageTestId="camera-platform-page"
      search={t('platform.keyword')}
      addLabel={t('platform.add')}
      columns={columns}
    >
      <PlatformForm {...crud.form} />
    </CrudList>
  );
}
