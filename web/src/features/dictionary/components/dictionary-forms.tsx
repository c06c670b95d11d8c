import {
  type DictionaryItem,
  type DictionaryItemBody,
  type DictionaryType,
  dictionaryItemBody,
  dictionaryTypeBody,
} from '@sentinel/contract';
import { Form, Input, Switch } from 'antd';
import { CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { itemApi, typeApi } from '../api/dictionary.ts';

const tf = dictionaryTypeBody.shape;
const itf = dictionaryItemBody.shape;

/** Code and names of a type (a system type's code is fixed). */
export function TypeForm(props: EditFormProps<DictionaryType>) {
  const { t } = useTranslation('dictionary');
  const system = props.editing?.row?.system === true;
  return (
    <CrudForm
      api={typeApi}
      {...props}
      title={{ add: t('type.add'), edit: t('type.edit') }}
      name="dictType"
      testId="dict-type"
      modal
    >
      <Form.Item
        name="code"
        label={t('field.code')}
        required
        rules={[zodRule(tf.code)]}
        extra={t('field.codeHint')}
      >
        <Input maxLength={64} autoFocus disabled={system} />
      </Form.Item>
      <Form.Item name="nameEn" label={t('field.nameEn')} required rules={[zodRule(tf.nameEn)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="nameZh" label={t('field.nameZh')} required rules={[zodRule(tf.nameZh)]}>
        <Input maxLength={64} />
      </Form.Item>
    </CrudForm>
  );
}

/** Value, both labels and enabled of an item (the value of an item in use is fixed). */
export function ItemForm({ typeId, ...props }: EditFormProps<DictionaryItem> & { typeId: number }) {
  const { t } = useTranslation('dictionary');
  const inUse = (props.editing?.row?.usage ?? 0) > 0;
  return (
    <CrudForm<DictionaryItem, DictionaryItemBody>
      api={itemApi}
      {...props}
      title={{ add: t('item.add'), edit: t('item.edit') }}
      name="dictItem"
      testId="dict-item"
      modal
      empty={{ typeId, enabled: true }}
      toValues={(row) => ({ ...row, typeId })}
      toBody={(values) => ({ ...values, typeId })}
    >
      <Form.Item
        name="value"
        label={t('field.value')}
        required
        rules={[zodRule(itf.value)]}
        extra={inUse ? t('item.valueInUse') : t('field.codeHint')}
      >
        <Input maxLength={64} autoFocus disabled={inUse} />
      </Form.Item>
      <Form.Item name="labelEn" label={t('field.labelEn')} required rules={[zodRule(itf.labelEn)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="labelZh" label={t('field.labelZh')} required rules={[zodRule(itf.labelZh)]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </CrudForm>
  );
}
