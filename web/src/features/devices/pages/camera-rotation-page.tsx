import type { RotationRow } from '@sentinel/contract';
import { Space, type TableColumnsType, Tag } from 'antd';
import { CrudList, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { rotationApi } from '../api/rotations.ts';
import { RotationForm } from '../components/rotation-form.tsx';

/** /deviceManagement/cameraRotationSet: camera tours for the video wall. */
export default function CameraRotationPage() {
  const { t } = useTranslation('devices');
  const crud = useCrudPage(rotationApi, 'cameraRotationSet');

  const columns: TableColumnsType<RotationRow> = [
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.intervalSeconds'), dataIndex: 'intervalSeconds', width: 140 },
    {
      title: t('field.cameras'),
      key: 'cameras',
      render: (_, row) => (
        <Space size={[4, 4]} wrap>
          {row.cameras.map((c, i) => (
            <Tag key={c.id} color={c.online ? 'green' : undefined}>
              {i + 1}. {c.name}
            </Tag>
          ))}
        </Space>
      ),
    },
    crud.actionsColumn({ width: 140, testId: (row) => `rotation-${row.id}`, name: (row) => row.name }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="rotation"
      pageTestId="camera-rotation-page"
      search={t('rotation.keyword')}
      addLabel={t('rotation.add')}
      columns={columns}
    >
      <RotationForm {...crud.form} />
    </CrudList>
  );
}
