import type { AlgorithmTypeItem } from '@sentinel/contract';
import type { TableColumnsType } from 'antd';
import { CrudList, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { algorithmTypeApi } from '../api/algorithm-types.ts';
import { AlgorithmTypeForm } from '../components/algorithm-type-form.tsx';

/** /systemSettings/algorithmType: the groups of the algorithms catalogue. */
export default function AlgorithmTypePage() {
  const { t } = useTranslation('algorithms');
  const crud = useCrudPage(algorithmTypeApi, 'algorithmType');

  const columns: TableColumnsType<AlgorithmTypeItem> = [
    { title: t('field.typeName'), dataIndex: 'name' },
    { title: t('field.description'), dataIndex: 'description', ellipsis: true },
    { title: t('field.algorithmCount'), dataIndex: 'algorithmCount', width: 120 },
    { title: t('field.createdAt'), dataIndex: 'createdAt', responsive: ['md'], render: formatTime },
    crud.actionsColumn({ testId: (row) => `algorithm-type-${row.id}`, name: (row) => row.name }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="algorithm-type"
      search={t('type.keyword')}
      addLabel={t('type.add')}
      columns={columns}
    >
      <AlgorithmTypeForm {...crud.form} />
    </CrudList>
  );
}
