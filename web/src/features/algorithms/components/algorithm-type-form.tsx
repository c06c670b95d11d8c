import { type AlgorithmTypeItem, algorithmTypeBody } from '@sentinel/contract';
import { Form, Input } from 'antd';
import { CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { algorithmTypeApi } from '../api/algorithm-types.ts';

const f = algorithmTypeBody.shape;

/** An algorithm type's name and description. */
export function AlgorithmTypeForm(props: EditFormProps<AlgorithmTypeItem>) {
  const { t } = useTranslation('algorithms');
  return (
    <CrudForm
      api={algorithmTypeApi}
      {...props}
      title={{ add: t('type.add'), edit: t('type.edit') }}
      name="algorithmType"
      testId="algorithm-type"
      modal
    >
      <Form.Item name="name" label={t('field.typeName')} required rules={[zodRule(f.name)]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item name="description" label={t('field.description')}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </CrudForm>
  );
}
