import { CameraOutlined, UploadOutlined } from '@ant-design/icons';
import { translate } from '@sentinel/contract';
import { Button, Image, Space, Tooltip, Upload } from 'antd';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { useUploadSnapshot } from '../api/cameras.ts';

const MAX_BYTES = 500 * 1024;

/** Snapshot thumbnail (click to enlarge) and, when allowed, the upload button (JPG/PNG ≤ 500 KB). */
export function SnapshotCell({
  cameraId,
  url,
  name,
  canUpload,
}: {
  cameraId: number;
  url: string | null;
  name: string;
  canUpload: boolean;
}) {
  const { t } = useTranslation('devices');
  const lang = useLang();
  const upload = useUploadSnapshot();
  return (
    <Space size={6}>
      {url ? (
        <Image
          src={url}
          width={64}
          height={36}
          alt={name}
          style={{ objectFit: 'cover', borderRadius: 4 }}
          data-testid={`snapshot-${cameraId}`}
        />
      ) : (
        <div
          role="img"
          aria-label={t('snapshot.none')}
          style={{
            width: 64,
            height: 36,
            borderRadius: 4,
            background: 'var(--ant-color-fill-tertiary, #f0f0f0)',
            display: 'grid',
            placeItems: 'center',
            color: '#999',
          }}
        >
          <CameraOutlined />
        </div>
      )}
      {canUpload ? (
        <Upload
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          showUploadList={false}
          beforeUpload={(file) => {
            if (!['image/jpeg', 'image/png'].includes(file.type)) {
              toast.error(translate('image.type', lang));
              return Upload.LIST_IGNORE;
            }
            if (file.size > MAX_BYTES) {
              toast.error(translate('image.size', lang));
              return Upload.LIST_IGNORE;
            }
            return true;
          }}
          customRequest={({ file, onSuccess, onError }) => {
            upload
              .mutateAsync({ id: cameraId, file: file as Blob })
              .then((snapshotUrl) => onSuccess?.(snapshotUrl))
              .catch((error: Error) => onError?.(error));
          }}
        >
          <Tooltip title={t('snapshot.upload')}>
            <Button
              size="small"
              type="text"
              icon={<UploadOutlined />}
              loading={upload.isPending}
              aria-label={t('snapshot.upload')}
              data-testid={`snapshot-upload-${cameraId}`}
            />
          </Tooltip>
        </Upload>
      ) : null}
    </Space>
  );
}
