import { UploadOutlined } from '@ant-design/icons';
import { KNOWLEDGE_IMAGE_KINDS, type KnowledgeImageFields, knowledgeImageFields } from '@sentinel/contract';
import { Button, Form, Input, Radio, Typography, Upload } from 'antd';
import { useState } from 'react';
import { FormModal, zodRule } from '@/shared/crud/index.ts';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';

/** SPEC §5: images at most 500 KB; the server checks the content again and re-encodes. */
const MAX_BYTES = 500 * 1024;
const TYPES = ['image/jpeg', 'image/png'];

interface Props {
  open: boolean;
  onClose: () => void;
  upload: (input: { file: File; fields: KnowledgeImageFields }) => Promise<unknown>;
}

/** Adds a reference image: correct / incorrect, a caption in both languages and a JPG or PNG file. */
export function ImageUploadModal({ open, onClose, upload }: Props) {
  const { t } = useTranslation('knowledgeBase');
  const [form] = Form.useForm<KnowledgeImageFields>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState('');
  const [saving, setSaving] = useState(false);
  const shape = knowledgeImageFields.shape;

  const close = () => {
    setFile(null);
    setFileError('');
    onClose();
  };
  const save = async () => {
    const fields = await form.validateFields();
    if (!file) {
      setFileError(tr('image.type'));
      return;
    }
    setSaving(true);
    try {
      await upload({ file, fields });
      close();
    } catch (error) {
      if (!applyFieldErrors(form, error))
        setFileError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal
      open={open}
      title={t('addImage')}
      onClose={close}
      onSave={() => void save()}
      saving={saving}
      testId="knowledge-image"
    >
      <Form<KnowledgeImageFields>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'correct' }}
        preserve={false}
      >
        <Form.Item name="kind" label={t('column.kind')} rules={[zodRule(shape.kind)]}>
          <Radio.Group
            data-testid="knowledge-image-kind"
            options={KNOWLEDGE_IMAGE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="captionEn"
          label={t('captionEn')}
          rules={[zodRule(shape.captionEn, { emptyAs: '' })]}
        >
          <Input maxLength={200} data-testid="knowledge-image-caption-en" />
        </Form.Item>
        <Form.Item
          name="captionZh"
          label={t('captionZh')}
          rules={[zodRule(shape.captionZh, { emptyAs: '' })]}
        >
          <Input maxLength={200} data-testid="knowledge-image-caption-zh" />
        </Form.Item>
        <Form.Item
          label={t('file')}
          extra={t('fileHint')}
          validateStatus={fileError ? 'error' : undefined}
          help={fileError || undefined}
        >
          <Upload
            accept=".jpg,.jpeg,.png"
            maxCount={1}
            beforeUpload={(f) => {
              // A first check here; the server decides by the content.
              if (!TYPES.includes(f.type)) setFileError(tr('image.type'));
              else if (f.size > MAX_BYTES) setFileError(tr('image.size'));
              else {
                setFileError('');
                setFile(f);
              }
              return false;
            }}
            onRemove={() => setFile(null)}
            showUploadList={false}
          >
            <Button icon={<UploadOutlined />} data-testid="knowledge-image-file">
              {t('chooseFile')}
            </Button>
          </Upload>
          {file ? (
            <Typography.Text style={{ marginInlineStart: 8 }} data-testid="knowledge-image-chosen">
              {file.name}
            </Typography.Text>
          ) : null}
        </Form.Item>
      </Form>
    </FormModal>
  );
}
