import { MODEL_TASKS, modelBody } from '@sentinel/contract';
import { Form, Input, InputNumber, Select, Space } from 'antd';
import { zodRule } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';

const f = modelBody.shape;

/**
 * The model's describing fields, shared by the upload dialog and the edit form. `fromMetadata`:
 * task, classes and input size may stay empty (an ONNX file's metadata fills them).
 */
export function ModelFields({ fromMetadata = false }: { fromMetadata?: boolean }) {
  const { t } = useTranslation('aiModels');
  const optional = (rule: ReturnType<typeof zodRule>) => (fromMetadata ? [] : [rule]);
  return (
    <>
      <Space.Compact block>
        <Form.Item name="name" label={t('field.name')} required rules={[zodRule(f.name)]} style={{ flex: 2 }}>
          <Input maxLength={64} autoFocus placeholder="yolov8-helmet" />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('field.version')}
          required
          rules={[zodRule(f.version)]}
          style={{ flex: 1 }}
        >
          <Input maxLength={32} placeholder="1.0.0" />
        </Form.Item>
      </Space.Compact>
      <Form.Item
        name="task"
        label={t('field.task')}
        required={!fromMetadata}
        rules={optional(zodRule(f.task))}
      >
        <Select
          allowClear={fromMetadata}
          options={MODEL_TASKS.map((task) => ({ value: task, label: t(`task.${task}`) }))}
        />
      </Form.Item>
      <Form.Item
        name="classes"
        label={t('field.classes')}
        required={!fromMetadata}
        rules={optional(zodRule(f.classes))}
        extra={t('form.classesHint')}
      >
        <Select mode="tags" tokenSeparators={[',', '，']} open={false} suffixIcon={null} />
      </Form.Item>
      <Space.Compact block>
        <Form.Item
          name="inputWidth"
          label={t('field.inputWidth')}
          required={!fromMetadata}
          rules={optional(zodRule(f.inputWidth))}
          style={{ flex: 1 }}
        >
          <InputNumber min={16} max={8192} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="inputHeight"
          label={t('field.inputHeight')}
          required={!fromMetadata}
          rules={optional(zodRule(f.inputHeight))}
          style={{ flex: 1 }}
        >
          <InputNumber min={16} max={8192} style={{ width: '100%' }} />
        </Form.Item>
      </Space.Compact>
      <Form.Item name="description" label={t('field.description')} rules={[zodRule(f.description)]}>
        <Input.TextArea maxLength={500} rows={2} />
      </Form.Item>
    </>
  );
}
