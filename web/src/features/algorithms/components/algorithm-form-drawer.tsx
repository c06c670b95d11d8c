import {
  type AlgorithmBody,
  type AlgorithmItem,
  algorithmBody,
  PRIORITY_CODES,
  PRIORITY_LABELS,
} from '@sentinel/contract';
import { Checkbox, Form, Input, Radio, Select, Switch } from 'antd';
import { CrudForm, type EditFormProps, zodRule } from '@/shared/crud/index.ts';
import { tr, useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { useAllAlgorithmTypes } from '../api/algorithm-types.ts';
import { algorithmApi } from '../api/algorithms.ts';

const f = algorithmBody.shape;
type FormValues = Omit<AlgorithmBody, 'typeId'> & { typeId?: number | null };
const EMPTY: Partial<FormValues> = { levels: [120002, 120003], defaultLevel: 120002, enabled: true };

/** The default level is one of the selectable ones. */
const defaultLevelRule = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
  validator: async (_rule: unknown, value: unknown) => {
    const chosen = (getFieldValue('levels') as number[] | undefined) ?? [];
    if (typeof value !== 'number') throw new Error(tr('field.required'));
    if (!chosen.includes(value)) throw new Error(tr('algorithm.defaultLevel'));
  },
});

/** Add / edit an algorithm: name, code, type, model, instance, selectable levels and the default. */
export function AlgorithmFormDrawer(props: EditFormProps<AlgorithmItem>) {
  const { t } = useTranslation('algorithms');
  const lang = useLang();
  const types = useAllAlgorithmTypes();
  const levelOptions = (selectable?: number[]) =>
    PRIORITY_CODES.map((code) => ({
      value: code,
      label: PRIORITY_LABELS[code][lang],
      disabled: selectable ? !selectable.includes(code) : false,
    }));
  return (
    <CrudForm
      api={algorithmApi}
      {...props}
      title={{ add: t('algorithm.add'), edit: t('algorithm.edit') }}
      name="algorithm"
      testId="algorithm"
      width={520}
      empty={EMPTY}
      toBody={(values: FormValues) => ({ ...values, typeId: values.typeId ?? null })}
    >
      <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]}>
        <Input maxLength={50} autoFocus />
      </Form.Item>
      <Form.Item name="code" label={t('field.code')} required rules={[zodRule(f.code)]}>
        <Input maxLength={50} placeholder="ALG-HELMET" />
      </Form.Item>
      <Form.Item name="typeId" label={t('field.type')}>
        <Select
          allowClear
          loading={types.isPending}
          options={(types.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          data-testid="algorithm-type-select"
        />
      </Form.Item>
      <Form.Item name="model" label={t('field.model')} extra={t('field.modelHint')}>
        <Input maxLength={100} placeholder="yolov8-ppe v2.3" />
      </Form.Item>
      <Form.Item name="instance" label={t('field.instance')}>
        <Input maxLength={100} />
      </Form.Item>
      <Form.Item
        name="levels"
        label={t('field.levels')}
        required
        rules={[zodRule(f.levels, { emptyAs: [] })]}
      >
        <Checkbox.Group options={levelOptions()} />
      </Form.Item>
      <Form.Item noStyle dependencies={['levels']}>
        {({ getFieldValue }) => (
          <Form.Item
            name="defaultLevel"
            label={t('field.defaultLevel')}
            required
            dependencies={['levels']}
            rules={[defaultLevelRule]}
          >
            <Radio.Group options={levelOptions((getFieldValue('levels') as number[] | undefined) ?? [])} />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="description" label={t('field.description')}>
        <Input.TextArea maxLength={500} rows={3} />
      </Form.Item>
    </CrudForm>
  );
}
