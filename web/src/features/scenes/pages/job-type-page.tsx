import { JOB_TYPE_KINDS, type JobTypeItem, type JobTypeKind } from '@sentinel/contract';
import { type TableColumnsType, Tag } from 'antd';
import { CrudList, FilterSelect, useCrudPage } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { jobTypeApi } from '../api/job-types.ts';
import { JobTypeForm } from '../components/job-type-form.tsx';

/** /sceneManagement/temporaryJobType: job types (hot work, work at height, confined space…). */
export default function JobTypePage() {
  const { t } = useTranslation('scenes');
  const crud = useCrudPage(jobTypeApi, 'temporaryJobType', {
    filters: { kind: null as JobTypeKind | null },
  });

  const columns: TableColumnsType<JobTypeItem> = [
    { title: t('field.jobTypeName'), dataIndex: 'name' },
    {
      title: t('field.jobTypeKind'),
      dataIndex: 'kind',
      width: 140,
      render: (kind: JobTypeKind) => (
        <Tag color={kind === 'fixed' ? 'blue' : 'orange'}>{t(`jobTypeKind.${kind}`)}</Tag>
      ),
    },
    { title: t('field.description'), dataIndex: 'description', ellipsis: true },
    { title: t('field.sceneCount'), dataIndex: 'sceneCount', width: 90, align: 'center' },
    { title: t('field.updatedAt'), dataIndex: 'createdAt', width: 170, render: formatTime },
    crud.actionsColumn({
      testId: (row) => `job-type-${row.id}`,
      // A type that scenes use cannot go (the server answers 409): the confirmation says so first.
      name: (row) => (row.sceneCount > 0 ? `${row.name}: ${t('jobTypeInUse')}` : row.name),
    }),
  ];

  return (
    <CrudList
      crud={crud}
      testId="job-type"
      search={t('placeholder.jobTypeKeyword')}
      filters={
        <FilterSelect<JobTypeKind>
          label={t('field.jobTypeKind')}
          value={crud.filters.kind}
          onChange={(kind) => crud.setFilters({ kind })}
          options={JOB_TYPE_KINDS.map((k) => ({ value: k, label: t(`jobTypeKind.${k}`) }))}
        />
      }
      addLabel={t('action.add')}
      columns={columns}
    >
      <JobTypeForm {...crud.form} />
    </CrudList>
  );
}
