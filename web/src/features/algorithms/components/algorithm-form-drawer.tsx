import {
  type AlgorithmBody,
  type AlgorithmItem,
  algorithmBody,
  PRIORITY_CODES,
  PRIORITY_LABELS,
} from '@sentinel/contract';
import { Button, Checkbox, Drawer, Form, Input, Radio, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { zodRule } from '@/shared/crud/index.ts';
import { tr, useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { useAllAlgorithmTypes } from '../api/algorithm-types.ts';
import { useSaveAlgorithm } from '../api/algorithms.ts';

const f = algorithmBody.shape;
type FormValues = Omit<AlgorithmBody, 'typeId'> & { typeId?: number | null };
const EMPTY: Partial<FormValues> = { levels: [120002, 120003], defaultLevel: 120002, enabled: true };

/** Add / edit an algorithm: name, code, type, model, instance, selectable levels and the default. */
export function AlgorithmFormDrawer({
  editing,
  onClose,
}: {
  editing: { row?: AlgorithmItem } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('algorithms');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveAlgorithm();
  const types = useAllAlgorithmTypes();
  const levels = Form.useWatch('levels', form) ?? [];
  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    form.setFieldsValue(editing.row ?? EMPTY);
  }, [editing, form]);
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await save.mutateAsync({ id: editing?.row?.id, body: { ...values, typeId: values.typeId ?? null } });
      onClose();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };
  return (
    <Drawer
      open={editing !== null}
      title={editing?.row ? t('algorithm.edit') : t('algorithm.add')}
      onClose={onClose}
      size={520}
      destroyOnHidden
      data-testid="algorithm-drawer"
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{tc('cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit} data-testid="algorithm-save">
            {tc('save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="algorithm" onFinish={submit}>
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
          <Checkbox.Group
            options={PRIORITY_CODES.map((code) => ({ value: code, label: PRIORITY_LABELS[code][lang] }))}
          />
        </Form.Item>
        <Form.Item
          name="defaultLevel"
          label={t('field.defaultLevel')}
          required
          dependencies={['levels']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                const chosen = (getFieldValue('levels') as number[] | undefined) ?? [];
                if (typeof value !== 'number') throw new Error(tr('field.required'));
                if (!chosen.includes(value)) throw new Error(tr('algorithm.defaultLevel'));
              },
            }),
          ]}
        >
          <Radio.Group
            options={PRIORITY_CODES.map((code) => ({
              value: code,
              label: PRIORITY_LABELS[code][lang],
              disabled: !levels.includes(code),
            }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('field.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
        <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
      </Form>
    </Drawer>
  );
}
