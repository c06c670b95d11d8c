import type { CameraTypeRow } from '@sentinel/contract';
import type { TableColumnsType } from 'antd';
import { CrudList, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { cameraTypeApi } from '../api/camera-types.ts';
import { CameraTypeForm } from '../components/camera-type-form.tsx';

/** /deviceManagement/cameraType: brand + model + type, a combination cannot repeat. */
export default function CameraTypePage() {
  const { t } = useTranslation('devices');
  const crud = useCrudPage(cameraTypeApi, 'cameraType');

  const columns: TableColumnsType<CameraTypeRow> = [
    { title: t('field.brand'), dataIndex: 'brand' },
    { title: t('field.model'), dataIndex: 'model' },
    {
      title: t('field.type'),
      dataIndex: 'type',
      render: (v: string) => t(`typeKind.${v}`, { defaultValue: v }),
    },
    { title: t('field.cameraCount'), dataIndex: 'cameraCount', width: 120 },
    { title: t('field.createdAt'), dataIndex: 'createdAt', responsive: ['md'], render: formatTime },
    crud.actionsColumn({
      width: 140,
      testId: (row) => `camera-type-${row.id}`,
      name: (row) => `${row.brand} ${row.model}`,
    }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="camera-type"
      search={t('cameraType.keyword')}
      addLabel={t('cameraType.add')}
      columns={columns}
    >
      <CameraTypeForm {...crud.form} />
    </CrudList>
  );
}
