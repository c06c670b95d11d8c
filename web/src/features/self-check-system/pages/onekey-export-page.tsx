import { DownloadOutlined } from '@ant-design/icons';
import { ONEKEY_MAX_DAYS } from '@sentinel/contract';
import { Alert, Button, Card, DatePicker, Form, Progress, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { presetRange, TIME_PRESETS } from '@/shared/filters/time-presets.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { useOnekeyProgress, useStartOnekeyExport } from '../api/system-status.ts';

type Range = [Dayjs | null, Dayjs | null] | null;

/**
 * /selfCheck/onekeyExport: picks a time range (the SPEC presets, last 24 h by default, at most
 * 31 days) and starts a one-key export; its progress shows here, the file lands in the download
 * centre.
 */
export default function OnekeyExportPage() {
  const { t } = useTranslation('selfCheckSystem');
  const { t: common } = useTranslation();
  const [form] = Form.useForm<{ range: Range }>();
  const [jobId, setJobId] = useState<number>();
  const start = useStartOnekeyExport();
  const progress = useOnekeyProgress(jobId);

  const submit = async ({ range }: { range: Range }) => {
    if (!range?.[0] || !range[1]) return;
    try {
      const answer = await start.mutateAsync({
        startTime: range[0].toISOString(),
        endTime: range[1].toISOString(),
      });
      setJobId(answer.data.id);
    } catch {
      // The message has been shown.
    }
  };

  return (
    <Card variant="borderless" data-testid="onekey-export-page">
      <Typography.Paragraph type="secondary">{t('onekey.intro')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        initialValues={{ range: [dayjs().subtract(24, 'hour'), dayjs()] }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="range"
          label={t('onekey.range')}
          rules={[
            {
              validator: (_, value: Range) => {
                if (!value?.[0] || !value[1]) return Promise.reject(new Error(t('onekey.rangeRequired')));
                if (value[1].diff(value[0], 'day', true) > ONEKEY_MAX_DAYS)
                  return Promise.reject(new Error(t('onekey.rangeTooLong', { days: ONEKEY_MAX_DAYS })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime
            aria-label={t('onekey.range')}
            placeholder={[common('filter.start'), common('filter.end')]}
            presets={TIME_PRESETS.map((preset) => ({
              label: common(`filter.preset.${preset}`),
              value: () => presetRange(preset),
            }))}
            data-testid="onekey-range"
          />
        </Form.Item>
        <Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<DownloadOutlined />}
            loading={start.isPending || (jobId !== undefined && !progress.data?.done && !progress.isError)}
            data-testid="onekey-start"
          >
            {t('onekey.start')}
          </Button>
        </Form.Item>
      </Form>
      {jobId !== undefined && progress.data ? (
        <div style={{ marginTop: 16 }} data-testid="onekey-progress">
          <Progress
            percent={progress.data.percent}
            status={progress.data.failed ? 'exception' : progress.data.done ? 'success' : 'active'}
          />
          <Typography.Text data-testid={progress.data.done ? 'onekey-done' : 'onekey-running'}>
            {progress.data.done ? t('onekey.done') : t('onekey.running', { file: progress.data.file })}
          </Typography.Text>
        </div>
      ) : null}
      {progress.data?.failed ? <Alert type="error" showIcon message={t('onekey.exportFailed')} /> : null}
      {progress.isError ? <Alert type="warning" showIcon message={t('onekey.failed')} /> : null}
    </Card>
  );
}
