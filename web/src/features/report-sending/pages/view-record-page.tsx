import { REPORT_OUTCOMES, type ReportOutcome, type ReportRecordItem } from '@sentinel/contract';
import { Button, Card, Form, Popconfirm, Select, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { formatTime } from '@/shared/utils/time.ts';
import { useRecords, useReportEvents, useResend } from '../api.ts';
import { OutcomeTag } from '../components/outcome-tag.tsx';

interface FilterValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  outcome?: ReportOutcome;
}

const sizeText = (bytes: number) => (bytes === 0 ? '—' : `${Math.ceil(bytes / 1024)} KB`);

/** /systemSettings/reportSending/viewRecord: every send, its outcome and the server's answer; resend. */
export default function ViewRecordPage() {
  const { t } = useTranslation('reportSending');
  useReportEvents();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<{ startTime?: string; endTime?: string; outcome?: ReportOutcome }>(
    {},
  );
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const records = useRecords({ ...paging, ...filters });
  const resend = useResend();

  const onSearch = (v: FilterValues) => {
    setPaging((p) => ({ ...p, page: 1 }));
    setFilters({
      startTime: v.range?.[0]?.toISOString(),
      endTime: v.range?.[1]?.toISOString(),
      outcome: v.outcome,
    });
  };

  const columns: TableColumnsType<ReportRecordItem> = [
    { title: t('record.createdAt'), dataIndex: 'createdAt', render: formatTime },
    { title: t('record.definition'), dataIndex: 'definitionName' },
    { title: t('record.trigger'), dataIndex: 'trigger', render: (v: string) => t(`trigger.${v}`) },
    {
      title: t('record.range'),
      key: 'range',
      render: (_: unknown, r) => `${formatTime(r.rangeStart)} – ${formatTime(r.rangeEnd)}`,
    },
    {
      title: t('field.recipients'),
      key: 'recipients',
      render: (_: unknown, r) => r.recipients.map((x) => `${x.address} (${x.lang})`).join(', ') || '—',
    },
    { title: t('record.size'), dataIndex: 'size', render: sizeText },
    {
      title: t('record.outcome'),
      key: 'outcome',
      render: (_: unknown, r) => (
        <span data-testid={`report-record-${r.id}-outcome`}>
          <OutcomeTag outcome={r.outcome} />
          {r.attempts > 1 ? t('record.attempts', { count: r.attempts }) : null}
        </span>
      ),
    },
    {
      title: t('record.answer'),
      key: 'answer',
      render: (_: unknown, r) => (
        <Typography.Text
          style={{ maxWidth: 320 }}
          ellipsis={{ tooltip: r.answer }}
          data-testid={`report-record-${r.id}-answer`}
        >
          {r.reason && r.reason !== 'smtp' ? t(`reason.${r.reason}`) : r.answer || '—'}
        </Typography.Text>
      ),
    },
    {
      title: t('actions', { ns: 'common' }),
      key: 'actions',
      render: (_: unknown, r) =>
        r.outcome === 'pending' ? null : (
          <Popconfirm
            title={t('record.resendConfirm', { name: r.definitionName })}
            onConfirm={() =>
              resend
                .mutateAsync(r.id)
                .then(() => toast.success(t('action.queued', { name: r.definitionName })))
            }
          >
            <Button type="link" size="small" data-testid={`report-record-${r.id}-resend`}>
              {t('record.resend')}
            </Button>
          </Popconfirm>
        ),
    },
  ];

  return (
    <Card variant="borderless" data-testid="report-records-page">
      <FilterBar<FilterValues>
        form={form}
        onFinish={onSearch}
        onReset={() => {
          form.resetFields();
          onSearch({});
        }}
        testId="report-record-filters"
        searchTestId="report-record-search"
      >
        <TimeRangeField testId="report-record-time" />
        <Form.Item name="outcome">
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('record.outcome')}
            aria-label={t('record.outcome')}
            data-testid="report-record-outcome"
            options={REPORT_OUTCOMES.map((o) => ({ value: o, label: t(`outcome.${o}`) }))}
          />
        </Form.Item>
      </FilterBar>
      {records.isError && !records.data ? (
        <PageError message={records.error.message} onRetry={() => records.refetch()} />
      ) : (
        <ListTable<ReportRecordItem>
          testId="report-record"
          columns={columns}
          dataSource={records.data?.list ?? []}
          loading={records.isFetching}
          pagination={{
            current: paging.page,
            pageSize: paging.limit,
            total: records.data?.count ?? 0,
            onChange: (page, limit) => setPaging({ page, limit }),
          }}
        />
      )}
    </Card>
  );
}
