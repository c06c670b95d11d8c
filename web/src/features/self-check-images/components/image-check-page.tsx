import { ReloadOutlined } from '@ant-design/icons';
import {
  type ImageCheckListQuery,
  type ImageCheckRow,
  imageCheckListQuery,
  imageCheckProblems,
} from '@sentinel/contract';
import { Alert, Button, Card, Checkbox, Flex, Form, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { FilterBar } from '@/shared/filters/filter-bar.tsx';
import { CameraField } from '@/shared/filters/picker-fields.tsx';
import { type PartialRange, rangeToQuery } from '@/shared/filters/time-presets.ts';
import { TimeRangeField } from '@/shared/filters/time-range-field.tsx';
import { rangeOfFilters, sameFilters, type UrlFilters, useUrlFilters } from '@/shared/filters/url-filters.ts';
import { tr, useTranslation } from '@/shared/i18n/i18n.ts';
import { toast } from '@/shared/ui/feedback.ts';
import { ImageThumb } from '@/shared/ui/image-viewer/index.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { formatTime } from '@/shared/utils/time.ts';
import { type ImageSource, useImageChecks, useRunImageChecks } from '../api/image-checks.ts';

type Filters = UrlFilters<typeof imageCheckListQuery>;

interface FormValues {
  cameraId?: number;
  imageType?: ImageCheckListQuery['imageType'];
  range?: PartialRange;
  problemOnly?: boolean;
}

const TYPES: Record<ImageSource, NonNullable<ImageCheckListQuery['imageType']>[]> = {
  alarm: ['original', 'drawn', 'allProblems'],
  event: ['event', 'allProblems'],
};
const PROBLEM_COLOURS: Record<string, string> = {
  missing: 'red',
  unreadable: 'volcano',
  wrongType: 'orange',
  tooLarge: 'gold',
  sound: 'green',
};

function formValuesOf(filters: Filters): FormValues {
  const { startTime, endTime, ...rest } = filters;
  return { ...rest, range: rangeOfFilters({ startTime, endTime }) };
}

const formatBytes = (n: number | null) =>
  n === null
    ? '—'
    : n < 1024
      ? `${n} B`
      : n < 1_048_576
        ? `${(n / 1024).toFixed(1)} KB`
        : `${(n / 1_048_576).toFixed(1)} MB`;

/**
 * alarmImg / eventImg: the image checker's findings for one camera, image type and time range.
 * Filters live in the URL (the contract's list query names; other pages link with ?cameraId=). The
 * three are required (SPEC §5): until they are chosen the page says so and sends nothing.
 */
export function ImageCheckPage({ source, testId }: { source: ImageSource; testId: string }) {
  const { t } = useTranslation('selfCheckImages');
  const [form] = Form.useForm<FormValues>();
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [filters, setFilters] = useUrlFilters(imageCheckListQuery);
  const ready = Boolean(filters.cameraId && filters.imageType && filters.startTime && filters.endTime);
  const query = useImageChecks(source, { ...filters, ...paging }, ready);
  const run = useRunImageChecks();

  useEffect(() => {
    form.resetFields();
    form.setFieldsValue(formValuesOf(filters));
  }, [form, filters]);

  const submit = (values: FormValues) => {
    const next: Filters = {
      ...(values.cameraId ? { cameraId: values.cameraId } : {}),
      ...(values.imageType ? { imageType: values.imageType } : {}),
      ...rangeToQuery(values.range),
      ...(values.problemOnly ? { problemOnly: true } : {}),
    };
    const same = paging.page === 1 && sameFilters(next, filters);
    setFilters(next);
    setPaging((p) => ({ ...p, page: 1 }));
    if (same && ready) void query.refetch();
  };

  const checkNow = async () => {
    const res = await run.mutateAsync();
    toast.success(t('checked', { count: res.data.checked }));
  };

  const problemTag = (problem: string | null) => {
    const key = problem ?? 'sound';
    return (
      <Tag color={PROBLEM_COLOURS[key]} data-testid={`image-problem-${key}`}>
        {t(`problem.${key}`)}
      </Tag>
    );
  };

  const columns: TableColumnsType<ImageCheckRow> = [
    {
      title: t('column.image'),
      dataIndex: 'url',
      render: (url: string, row) => (
        <ImageThumb src={row.problem === 'missing' ? '' : url} alt={t(`type.${row.imageType}`)} />
      ),
    },
    { title: t('column.occurredAt'), dataIndex: 'occurredAt', render: (v: string) => formatTime(v) },
    { title: t('column.record'), dataIndex: 'recordId' },
    { title: t('column.camera'), dataIndex: 'cameraName' },
    { title: t('column.type'), dataIndex: 'imageType', render: (v: string) => t(`type.${v}`) },
    { title: t('column.problem'), dataIndex: 'problem', render: problemTag },
    { title: t('column.size'), dataIndex: 'bytes', render: formatBytes },
    {
      title: t('column.dimensions'),
      key: 'dimensions',
      render: (_, row) => (row.width && row.height ? `${row.width} × ${row.height}` : '—'),
    },
    { title: t('column.mime'), dataIndex: 'mime', render: (v: string | null) => v ?? '—' },
    { title: t('column.checkedAt'), dataIndex: 'checkedAt', render: (v: string) => formatTime(v) },
  ];

  const counts = query.data?.counts ?? {};
  return (
    <Card variant="borderless" data-testid={testId}>
      <Flex justify="space-between" align="flex-start" wrap gap={8}>
        <FilterBar<FormValues>
          form={form}
          onFinish={submit}
          onReset={() => setFilters({})}
          testId="image-check-filters"
          searchTestId="image-check-search"
        >
          <CameraField testId="image-check-camera" />
          <Form.Item name="imageType">
            <Select
              allowClear
              placeholder={t('filter.imageType')}
              aria-label={t('filter.imageType')}
              style={{ minWidth: 160 }}
              data-testid="image-check-type"
              options={TYPES[source].map((v) => ({ value: v, label: t(`type.${v}`) }))}
            />
          </Form.Item>
          <TimeRangeField testId="image-check-time" />
          <Form.Item name="problemOnly" valuePropName="checked">
            <Checkbox data-testid="image-check-problem-only">{t('filter.problemOnly')}</Checkbox>
          </Form.Item>
        </FilterBar>
        <Button
          icon={<ReloadOutlined />}
          loading={run.isPending}
          onClick={() => void checkNow()}
          data-testid="image-check-run"
        >
          {t('checkNow')}
        </Button>
      </Flex>
      {!ready ? (
        <Alert
          type="warning"
          showIcon
          message={tr('imageCheck.required')}
          data-testid="image-check-required"
        />
      ) : query.isError && !query.data ? (
        <PageError message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }} data-testid="image-check-summary">
            {['sound', ...imageCheckProblems].map((key) => (
              <Tag key={key} color={PROBLEM_COLOURS[key]} data-testid={`image-check-count-${key}`}>
                {t(`problem.${key}`)}: {counts[key] ?? 0}
              </Tag>
            ))}
          </Space>
          <ListTable<ImageCheckRow>
            testId="image-checks"
            columns={columns}
            dataSource={query.data?.rows ?? []}
            loading={query.isPending || (query.isFetching && query.isPlaceholderData)}
            pagination={tablePagination(paging, query.data?.total ?? 0, setPaging)}
          />
        </>
      )}
    </Card>
  );
}
