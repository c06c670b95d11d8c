import { DeleteOutlined, InboxOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { OFFLINE_VIDEO_ACCEPT, type OfflineUpload } from '@sentinel/contract';
import { Button, Flex, Progress, Typography, Upload } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { uploadVideo } from '../api/upload-video.ts';
import { formatBytes, formatOffset } from '../lib/format.ts';
import { exceedsKnownLimit, rememberUploadLimit } from '../lib/upload-limit.ts';

type Phase = { kind: 'idle' } | { kind: 'uploading'; fileName: string; percent: number };

/**
 * The video of a new analysis: choosing (or dropping) one file uploads it at once with a progress
 * bar; the server checks it by content and size. Accepted: its name, size, format and length with
 * a remove link. Refused: the server's message under the field. Value: the accepted upload.
 */
export function VideoUploadField({
  value,
  onChange,
  onUploadingChange,
}: {
  value?: OfflineUpload;
  onChange?: (value: OfflineUpload | undefined) => void;
  onUploadingChange?: (uploading: boolean) => void;
}) {
  const { t } = useTranslation('offlineVideo');
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const notify = useRef(onUploadingChange);
  notify.current = onUploadingChange;

  useEffect(() => () => controller.current?.abort(), []);

  const start = async (file: File) => {
    controller.current?.abort();
    setProblem(null);
    if (value) onChange?.(undefined);
    if (exceedsKnownLimit(file.size)) {
      setProblem(tr('offlineVideo.size'));
      return;
    }
    const own = new AbortController();
    controller.current = own;
    setPhase({ kind: 'uploading', fileName: file.name, percent: 0 });
    notify.current?.(true);
    try {
      const accepted = await uploadVideo(
        file,
        ({ percent }) => {
          if (!own.signal.aborted) setPhase({ kind: 'uploading', fileName: file.name, percent });
        },
        own.signal,
      );
      rememberUploadLimit(accepted.maxBytes);
      onChange?.(accepted);
    } catch (error) {
      if (own.signal.aborted) return;
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      if (controller.current === own) {
        controller.current = null;
        setPhase({ kind: 'idle' });
        notify.current?.(false);
      }
    }
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setPhase({ kind: 'idle' });
    notify.current?.(false);
  };

  return (
    <div data-testid="offline-upload">
      {phase.kind === 'uploading' ? (
        <div data-testid="offline-uploading" style={{ padding: '8px 0' }}>
          <Flex justify="space-between" align="center" gap={8}>
            <Typography.Text ellipsis style={{ maxWidth: 320 }}>
              {t('form.uploading', { name: phase.fileName })}
            </Typography.Text>
            <Button type="link" size="small" onClick={cancel} data-testid="offline-upload-cancel">
              {t('form.cancelUpload')}
            </Button>
          </Flex>
          <Progress percent={phase.percent} status="active" data-testid="offline-progress" />
        </div>
      ) : value ? (
        <Flex
          justify="space-between"
          align="center"
          gap={8}
          style={{ padding: '8px 12px', border: '1px solid rgba(5, 5, 5, 0.1)', borderRadius: 6 }}
          data-testid="offline-upload-accepted"
        >
          <Flex gap={8} align="center" style={{ minWidth: 0 }}>
            <VideoCameraOutlined />
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong ellipsis style={{ maxWidth: 300, display: 'block' }}>
                {value.fileName}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('form.accepted', { size: formatBytes(value.size), format: value.format.toUpperCase() })}
                {value.durationSeconds !== null
                  ? ` · ${t('form.duration', { duration: formatOffset(value.durationSeconds) })}`
                  : ''}
              </Typography.Text>
            </div>
          </Flex>
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => {
              setProblem(null);
              onChange?.(undefined);
            }}
            data-testid="offline-upload-remove"
          >
            {t('form.remove')}
          </Button>
        </Flex>
      ) : (
        <Upload.Dragger
          accept={OFFLINE_VIDEO_ACCEPT}
          multiple={false}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            void start(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{t('form.dropHint')}</p>
          <p className="ant-upload-hint">{t('form.dropFormats')}</p>
        </Upload.Dragger>
      )}
      {problem ? (
        <Typography.Text type="danger" role="alert" data-testid="offline-upload-error">
          {problem}
        </Typography.Text>
      ) : null}
    </div>
  );
}
