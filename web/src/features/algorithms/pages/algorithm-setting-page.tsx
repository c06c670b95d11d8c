import type { AlgorithmItem } from '@sentinel/contract';
import type { TableColumnsType } from 'antd';
import { CrudList, EnabledTag, FilterSelect, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useAllAlgorithmTypes } from '../api/algorithm-types.ts';
import { algorithmApi } from '../api/algorithms.ts';
import { AlgorithmFormDrawer } from '../components/algorithm-form-drawer.tsx';
import { PriorityTags } from '../components/priority-tags.tsx';

/** /systemSettings/algorithmSetting ("algorithm configuration"): the algorithms catalogue. */
export default function AlgorithmSettingPage() {
  const { t } = useTranslation('algorithms');
  const crud = useCrudPage(algorithmApi, 'algorithmSetting', { filters: { typeId: null as number | null } });
  const types = useAllAlgorithmTypes();

  const columns: TableColumnsType<AlgorithmItem> = [
    { title: t('field.name'), dataIndex: 'name' },
    { title: t('field.code'), dataIndex: 'code' },
    { title: t('field.type'), dataIndex: 'typeName', render: (v: string | null) => v ?? '—' },
    { title: t('field.model'), dataIndex: 'model', responsive: ['md'] },
    { title: t('field.instance'), dataIndex: 'instance', responsive: ['lg'] },
    {
      title: t('field.levels'),
      key: 'levels',
      render: (_, row) => <PriorityTags levels={row.levels} defaultLevel={row.defaultLevel} />,
    },
    {
      title: t('field.enabled'),
      dataIndex: 'enabled',
      render: (v: boolean) => <EnabledTag enabled={v} color="green" />,
    },
    crud.actionsColumn({ testId: (row) => `algorithm-${row.code}`, name: (row) => row.name }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="algorithm"
      search={t('algorithm.keyword')}
      filters={
        <FilterSelect<number>
          label={t('field.type')}
          value={crud.filters.typeId}
          onChange={(typeId) => crud.setFilters({ typeId })}
          options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          minWidth={180}
        />
      }
      addLabel={t('algorithm.add')}
      columns={columns}
    >
      <AlgorithmFormDrawer {...crud.form} />
    </CrudList>
  );
}
