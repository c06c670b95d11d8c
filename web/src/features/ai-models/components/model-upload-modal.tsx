import { InboxOutlined } from '@ant-design/icons';
import { MODEL_ACCEPT, MODEL_FORMATS, type ModelFormat } from '@sentinel/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Modal, Progress, Select, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { MODELS_KEY, uploadModel } from '../api/models.ts';
import { ModelFields } from './model-fields.tsx';

interface Values {
  name: string;
  version: string;
  format: ModelFormat;
  task?: string;
  classes?: string[];
  inputWidth?: number;
  inputHeight?: number;
  description?: string;
}

/** The form's values as multipart text fields (empty ones left out: the server may fill them). */
function toFields(values: Values): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length > 0) fields[key] = JSON.stringify(value);
    } else fields[key] = String(value);
  }
  return fields;
}

/**
 * Uploads a model package: the describing fields, the claimed format and the file, with a
 * progress bar; the server checks the file by its content and answers why it refuses one.
 */
export function ModelUploadModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('aiModels');
  const [form] = Form.useForm<Values>();
  const format = Form.useWatch('format', form);
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const client = useQueryClient();

  useEffect(() => () => controller.current?.abort(), []);

  const close = () => {
    controller.current?.abort();
    controller.current = null;
    setPercent(null);
    setProblem(null);
    setFile(null);
    form.resetFields();
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    if (!file) {
      setProblem(t('upload.chooseFile'));
      return;
    }
    setProblem(null);
    const own = new AbortController();
    controller.current = own;
    setPercent(0);
    try {
      const model = await uploadModel(file, toFields(values), (p) => setPercent(p.percent), own.signal);
      await client.invalidateQueries({ queryKey: MODELS_KEY });
      toast.success(t('upload.done', { name: model.name }));
      close();
    } catch (error) {
      if (own.signal.aborted) return;
      setProblem(error instanceof Error ? error.message : String(error));
      setPercent(null);
    }
  };

  const uploading = percent !== null;
  return (
    <Modal
      open={open}
      title={t('upload.title')}
      onCancel={close}
      destroyOnHidden
      width={560}
      data-testid="ai-model-upload"
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={close}>{t('upload.cancel')}</Button>
          <Button
            type="primary"
            loading={uploading}
            onClick={() => void submit()}
            data-testid="ai-model-upload-save"
          >
            {t('upload.start')}
          </Button>
        </Flex>
      }
    >
      <Form
        form={form}
        layout="vertical"
        name="aiModelUpload"
        initialValues={{ format: 'onnx' }}
        disabled={uploading}
      >
        <Form.Item
          name="format"
          label={t('field.format')}
          required
          extra={t(`formatHint.${format ?? 'onnx'}`)}
        >
          <Select options={MODEL_FORMATS.map((value) => ({ value, label: t(`format.${value}`) }))} />
        </Form.Item>
        <ModelFields fromMetadata={format === 'onnx'} />
        <Upload.Dragger
          accept={MODEL_ACCEPT}
          multiple={false}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(chosen) => {
            setFile(chosen);
            setProblem(null);
            return false;
          }}
          data-testid="ai-model-file"
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : t('upload.dropHint')}</p>
          <p className="ant-upload-hint">{t('upload.formats')}</p>
        </Upload.Dragger>
      </Form>
      {uploading ? (
        <div style={{ marginTop: 12 }}>
          <Typography.Text>{t('upload.uploading', { name: file?.name ?? '' })}</Typography.Text>
          <Progress percent={percent} status="active" data-testid="ai-model-progress" />
        </div>
      ) : null}
      {problem ? (
        <Typography.Text type="danger" role="alert" data-testid="ai-model-upload-error">
          {problem}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
