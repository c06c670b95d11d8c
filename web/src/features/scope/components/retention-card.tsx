import {
  RETENTION_CATEGORIES,
  RETENTION_MAX_DAYS,
  type RetentionCategory,
  type RetentionPreviewRow,
  type RetentionSettings,
  retentionSettings,
} from '@sentinel/contract';
import { Alert, Button, Card, Flex, Form, type FormRule, InputNumber, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { zodRule } from '@/shared/crud/index.ts';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { confirmDialog } from '@/shared/ui/feedback.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { formatBytes, useRetention, useRetentionPreview, useSaveRetention } from '../api/scope.ts';

const shape = retentionSettings.shape;
type Row = RetentionPreviewRow & { id: number };

/** Files cannot outlive their alarm record (the server's 'scope.mediaLongerThanAlarms'). */
const notLongerThanAlarms: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const alarms: unknown = getFieldValue('alarms');
    if (typeof alarms === 'number' && typeof value === 'number' && value > alarms) {
      throw new Error(tr('scope.mediaLongerThanAlarms'));
    }
  },
});

/**
 * How long each kind of data is kept, with what the next retention run deletes under the values
 * being edited (asked again as they change); shortening a period asks for confirmation first.
 */
export function RetentionCard() {
  const { t } = useTranslation('scope');
  const stored = useRetention();
  const save = useSaveRetention();
  const [form] = Form.useForm<RetentionSettings>();
  const [edited, setEdited] = useState<RetentionSettings>();
  const preview = useRetentionPreview(edited ?? stored.data);

  useEffect(() => {
    if (stored.data) {
      form.setFieldsValue(stored.data);
      setEdited(stored.data);
    }
  }, [stored.data, form]);

  const onValuesChange = (_: unknown, all: RetentionSettings) => {
    // Only valid settings are previewed (the server refuses the others).
    const parsed = retentionSettings.safeParse(all);
    if (parsed.success) setEdited(parsed.data);
  };

  const submit = async (values: RetentionSettings) => {
    const before = stored.data;
    const shortened = before ? RETENTION_CATEGORIES.filter((c) => values[c] < before[c]) : [];
    const doSave = () => save.mutateAsync(values).then(() => undefined);
    if (shortened.length === 0) return doSave();
    const rows = preview.data?.list ?? [];
    const lines = shortened.map((c) => {
      const row = rows.find((r) => r.category === c);
      return t('confirm.line', {
        category: t(`category.${c}`),
        rows: row?.rows ?? 0,
        files: row?.files ?? 0,
      });
    });
    confirmDialog({
      title: t('confirm.title'),
      content: (
        <div data-testid="retention-confirm">
          {lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      ),
      okButtonProps: { danger: true },
      onOk: () => doSave().catch(() => undefined),
    });
  };

  const columns: TableColumnsType<Row> = [
    {
      title: t('column.category'),
      dataIndex: 'category',
      render: (c: RetentionCategory) => t(`category.${c}`),
    },
    { title: t('column.days'), dataIndex: 'days' },
    { title: t('column.cutoff'), dataIndex: 'cutoff', render: (v: string) => formatTime(v) },
    {
      title: t('column.rows'),
      dataIndex: 'rows',
      render: (n: number, row) => <span data-testid={`preview-${row.category}-rows`}>{n}</span>,
    },
    { title: t('column.files'), dataIndex: 'files' },
    { title: t('column.bytes'), dataIndex: 'bytes', render: (n: number) => formatBytes(n) },
  ];

  if (stored.isError && !stored.data) {
    return <PageError message={stored.error.message} onRetry={() => void stored.refetch()} />;
  }
  return (
    <Card
      variant="borderless"
      title={t('retention.title')}
      loading={stored.isPending}
      data-testid="retention-card"
    >
      <Form<RetentionSettings>
        form={form}
        layout="inline"
        name="retention"
        onFinish={submit}
        onValuesChange={onValuesChange}
      >
        <Flex wrap gap={8}>
          {RETENTION_CATEGORIES.map((c) => (
            <Form.Item
              key={c}
              name={c}
              label={t(`category.${c}`)}
              required
              dependencies={c === 'alarmImages' || c === 'alarmClips' ? ['alarms'] : []}
              rules={[
                zodRule(shape[c]),
                ...(c === 'alarmImages' || c === 'alarmClips' ? [notLongerThanAlarms] : []),
              ]}
              tooltip={t(`hint.${c}`)}
            >
              <InputNumber
                min={1}
                max={RETENTION_MAX_DAYS}
                precision={0}
                addonAfter={t('days')}
                style={{ width: 150 }}
              />
            </Form.Item>
          ))}
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="retention-save">
            {t('save')}
          </Button>
        </Flex>
      </Form>
      <Alert
        style={{ margin: '16px 0' }}
        type="info"
        showIcon
        message={t('retention.note', { limit: preview.data?.perRunLimit ?? 0 })}
      />
      {preview.isError && !preview.data ? (
        <PageError message={preview.error.message} onRetry={() => void preview.refetch()} />
      ) : (
        <ListTable<Row>
          testId="retention-preview"
          columns={columns}
          dataSource={(preview.data?.list ?? []).map((r, id) => ({ ...r, id }))}
          loading={preview.isFetching}
          pagination={false}
        />
      )}
    </Card>
  );
}
