import { offlineAnalysisCreate } from '@sentinel/contract';
import { Button, Form, Input, Modal, Radio, Select } from 'antd';
import { useState } from 'react';
import { zodRule } from '@/shared/crud/index.ts';
import { tr, useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { applyFieldErrors } from '@/shared/request/field-errors.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { useAlgorithmOptions } from '../api/algorithm-options.ts';
import { useCreateAnalysis } from '../api/create-analysis.ts';
import { createBody, type NewAnalysisValues } from '../lib/create-body.ts';
import { VideoUploadField } from './video-upload-field.tsx';

const f = offlineAnalysisCreate.shape;
const INITIAL: Partial<NewAnalysisValues> = { source: 'file', algorithmIds: [] };

/**
 * "New analysis": a name, the video (an uploaded file or a URL) and the algorithms, then Start.
 * Enter submits, Esc closes; a server refusal keeps everything typed and marks the fields.
 */
export function NewAnalysisDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('offlineVideo');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const [form] = Form.useForm<NewAnalysisValues>();
  const [uploading, setUploading] = useState(false);
  const source = Form.useWatch('source', form) ?? 'file';
  const algorithms = useAlgorithmOptions(true);
  const create = useCreateAnalysis();

  const submit = async (values: NewAnalysisValues) => {
    if (uploading) {
      toast.warning(t('form.waitUpload'));
      return;
    }
    try {
      await create.mutateAsync(createBody(values));
      toast.success(t('created'));
      onCreated();
    } catch (error) {
      applyFieldErrors(form, error);
    }
  };

  // antd closes a dialog on Esc only while it is the topmost popup; a select's dropdown whose
  // closing animation never reported its end (seen on a busy machine) stays "on top" and swallows
  // Esc. Esc inside the form closes the dialog too, unless it is closing an open dropdown.
  const closeOnEscape = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    if ((event.target as HTMLElement).getAttribute('aria-expanded') === 'true') return;
    onClose();
  };

  return (
    <Modal
      open
      title={t('new')}
      onCancel={onClose}
      keyboard
      mask={{ closable: false }}
      width={600}
      data-testid="offline-dialog"
      footer={[
        <Button key="cancel" onClick={onClose} data-testid="offline-cancel">
          {tc('cancel')}
        </Button>,
        <Button
          key="start"
          type="primary"
          loading={create.isPending}
          disabled={uploading}
          onClick={() => form.submit()}
          data-testid="offline-start"
        >
          {t('form.start')}
        </Button>,
      ]}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a keyboard shortcut for the form's fields, not a control */}
      <div onKeyDown={closeOnEscape}>
        <Form<NewAnalysisValues>
          form={form}
          layout="vertical"
          name="offline-analysis"
          initialValues={INITIAL}
          onFinish={submit}
          data-testid="offline-form"
        >
          <Form.Item name="name" label={t('form.name')} required rules={[zodRule(f.name)]}>
            <Input
              maxLength={64}
              showCount
              autoFocus
              placeholder={t('form.namePlaceholder')}
              data-testid="offline-name"
            />
          </Form.Item>
          <Form.Item name="source" label={t('form.source')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'file', label: t('form.sourceFile') },
                { value: 'url', label: t('form.sourceUrl') },
              ]}
              data-testid="offline-source"
            />
          </Form.Item>
          {source === 'url' ? (
            <Form.Item
              name="url"
              label={t('form.url')}
              required
              rules={[zodRule(f.url.unwrap(), { emptyAs: '' })]}
            >
              <Input maxLength={2000} placeholder={t('form.urlPlaceholder')} data-testid="offline-url" />
            </Form.Item>
          ) : (
            <Form.Item
              name="fileId"
              label={t('form.file')}
              required
              rules={[
                {
                  validator: async (_rule, value: unknown) => {
                    if (!value) throw new Error(tr('offlineVideo.sourceRequired', lang));
                  },
                },
              ]}
            >
              <VideoUploadField onUploadingChange={setUploading} />
            </Form.Item>
          )}
          <Form.Item
            name="algorithmIds"
            label={t('form.algorithms')}
            required
            rules={[zodRule(f.algorithmIds, { emptyAs: [] })]}
          >
            <Select<number[]>
              mode="multiple"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={algorithms.isPending}
              placeholder={t('form.algorithmsPlaceholder')}
              options={(algorithms.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              data-testid="offline-algorithms"
            />
          </Form.Item>
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Form>
      </div>
    </Modal>
  );
}
