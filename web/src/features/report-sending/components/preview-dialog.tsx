import type { ReportPreview } from '@sentinel/contract';
import { Alert, Modal, Spin, Tabs, Typography } from 'antd';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { formatTime } from '@/shared/utils/time.ts';

/** The rendered mail of a definition, one tab per language (the HTML body in a sandboxed frame). */
export function PreviewDialog({
  open,
  loading,
  error,
  preview,
  onClose,
}: {
  open: boolean;
  loading: boolean;
  error: string | null;
  preview: ReportPreview | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('reportSending');
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={820}
      title={t('preview.title')}
      destroyOnHidden
    >
      <div data-testid="report-preview">
        {loading ? <Spin /> : null}
        {error ? <Alert type="error" message={error} /> : null}
        {preview ? (
          <>
            <Typography.Paragraph type="secondary">
              {t('preview.range', {
                start: formatTime(preview.rangeStart),
                end: formatTime(preview.rangeEnd),
              })}{' '}
              · {t('preview.total', { count: preview.totalAlarms })}
            </Typography.Paragraph>
            <Tabs
              items={preview.messages.map((m) => ({
                key: m.lang,
                label: t(`lang.${m.lang}`),
                children: (
                  <div data-testid={`report-preview-${m.lang}`}>
                    <Typography.Paragraph strong data-testid={`report-preview-${m.lang}-subject`}>
                      {m.subject}
                    </Typography.Paragraph>
                    <Typography.Paragraph type="secondary">
                      {t('preview.attachment', {
                        name: m.attachment.filename,
                        size: Math.ceil(m.attachment.size / 1024),
                      })}
                    </Typography.Paragraph>
                    <iframe
                      title={m.subject}
                      sandbox=""
                      srcDoc={m.html}
                      style={{ width: '100%', height: 420, border: '1px solid #eee' }}
                    />
                  </div>
                ),
              }))}
            />
          </>
        ) : null}
      </div>
    </Modal>
  );
}
