import { UploadOutlined } from '@ant-design/icons';
import type { StoredImage } from '@sentinel/contract';
import { Button, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { Logo } from '@/shared/ui/logo.tsx';
import { checkImageFile, uploadImage } from '../api/upload-image.ts';

/**
 * The logo of the colliery form: preview, upload (client checks, then the server's checks and
 * messages) and "use the built-in logo". Value: { path, url } ('' / '' for the built-in logo).
 */
export function LogoField({
  value,
  onChange,
}: {
  value?: StoredImage;
  onChange?: (value: StoredImage) => void;
}) {
  const { t } = useTranslation('plant');
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string>();

  const upload = async (file: File) => {
    const refused = checkImageFile(file);
    setProblem(refused);
    if (refused) {
      toast.error(refused);
      return;
    }
    setUploading(true);
    try {
      onChange?.(await uploadImage(file, 'logo'));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setProblem(message);
      toast.error(message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Space orientation="vertical">
      <Space align="center" size="middle">
        <span data-testid="logo-preview">
          <Logo src={value?.url || undefined} size={64} />
        </span>
        <Typography.Text type="secondary">{value?.url ? '' : t('colliery.builtIn')}</Typography.Text>
      </Space>
      <Space wrap>
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={uploading} data-testid="logo-upload">
            {uploading ? t('colliery.uploading') : t('colliery.upload')}
          </Button>
        </Upload>
        {value?.path ? (
          <Button onClick={() => onChange?.({ path: '', url: '' })}>{t('colliery.removeLogo')}</Button>
        ) : null}
      </Space>
      {problem ? (
        <Typography.Text type="danger" role="alert" data-testid="logo-error">
          {problem}
        </Typography.Text>
      ) : null}
    </Space>
  );
}
