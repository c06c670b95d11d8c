import { JOB_TYPE_KINDS, type JobTypeItem, jobTypeBody } from '@sentinel/contract';
import { Form, Input, Select } from 'antd';
import { CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { type JobTypeInput, jobTypeApi } from '../api/job-types.ts';

const f = jobTypeBody.shape;

/** Name, kind (fixed or temporary) and description of a job type. */
export function JobTypeForm(props: EditFormProps<JobTypeItem>) {
  const { t } = useTranslation('scenes');
  return (
    <CrudForm<JobTypeItem, JobTypeInput>
      api={jobTypeApi}
      {...props}
      title={{ add: t('title.addJobType'), edit: t('title.editJobType') }}
      name="jobType"
      testId="job-type"
      modal
      empty={{ kind: 'fixed', name: '', description: '' }}
    >
      <Form.Item name="name" label={t('field.jobTypeName')} required rules={[zodRule(f.name)]}>
        <Input maxLength={50} autoFocus data-testid="job-type-name" />
      </Form.Item>
      <Form.Item name="kind" label={t('field.jobTypeKind')} required rules={[zodRule(f.kind)]}>
        <Select options={JOB_TYPE_KINDS.map((k) => ({ value: k, label: t(`jobTypeKind.${k}`) }))} />
      </Form.Item>
      <Form.Item name="description" label={t('field.description')}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </CrudForm>
  );
}
