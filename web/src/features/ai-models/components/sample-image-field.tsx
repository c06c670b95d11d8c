import { UploadOutlined } from '@ant-design/icons';
import { IMAGE_MAX_BYTES, translate } from '@sentinel/contract';
import { Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { uploadSample } from '../api/wizard.ts';

/** The wizard's sample image: jpg or png, at most 500 KB (checked here, and by content on the server). */
export function SampleImageField({ onUploaded }: { onUploaded: (path: string) => void }) {
  const { t } = useTranslation('aiModels');
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const start = async (file: File) => {
    setProblem(null);
    if (!['image/jpeg', 'image/png'].includes(file.type)) return setProblem(translate('image.type', lang));
    if (file.size > IMAGE_MAX_BYTES) return setProblem(translate('image.size', lang));
    setBusy(true);
    try {
      onUploaded((await uploadSample(file)).path);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space direction="vertical" size={4}>
      <Upload
        accept=".jpg,.jpeg,.png"
        showUploadList={false}
        beforeUpload={(file) => {
          void start(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy} data-testid="ai-sample-upload">
          {t('wizard.sampleUpload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary">{t('wizard.sampleHint')}</Typography.Text>
      {problem ? (
        <Typography.Text type="danger" role="alert" data-testid="ai-sample-error">
          {problem}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
