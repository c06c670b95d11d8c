import { type WorkflowTypeBody, type WorkflowTypeRow, workflowTypeBody } from '@sentinel/contract';
import { Form, Input } from 'antd';
import { CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { workflowTypeApi } from '../api/workflow-types.ts';

const f = workflowTypeBody.shape;

/** Name and description of a workflow type. */
export function WorkflowTypeForm(props: EditFormProps<WorkflowTypeRow>) {
  const { t } = useTranslation('workflows');
  return (
    <CrudForm<WorkflowTypeRow, WorkflowTypeBody>
      api={workflowTypeApi}
      {...props}
      title={{ add: t('types.addTitle'), edit: t('types.editTitle') }}
      name="workflowType"
      testId="workflow-type"
      modal
      empty={{ name: '', description: '' }}
    >
      <Form.Item name="name" label={t('types.name')} required rules={[zodRule(f.name)]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item name="description" label={t('types.description')}>
        <Input.TextArea maxLength={200} autoSize={{ minRows: 2, maxRows: 4 }} />
      </Form.Item>
    </CrudForm>
  );
}
