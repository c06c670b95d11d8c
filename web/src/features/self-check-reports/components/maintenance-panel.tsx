import { PlusOutlined } from '@ant-design/icons';
import type { MaintenanceWindowRow, RunReportQueryInput } from '@sentinel/contract';
import { Button, DatePicker, Flex, Form, Input, Select, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { FormModal } from '@/shared/crud/form-drawer.tsx';
import { RowActions } from '@/shared/crud/row-actions.tsx';
import { useCameraOptions } from '@/shared/filters/pickers.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { FIRST_PAGE, type PageState, tablePagination } from '@/shared/ui/table-pagination.ts';
import { useMaintenanceChanges, useMaintenanceWindows } from '../api/run-reports.ts';

interface WindowForm {
  cameraId?: number | null;
  span?: [Dayjs, Dayjs];
  reason?: string;
}

const time = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm');

/** The maintenance windows overlapping the report's range; add (one camera or all) and delete. */
export function MaintenancePanel({
  range,
  canEdit,
}: {
  range: RunReportQueryInput | undefined;
  canEdit: boolean;
}) {
  const { t } = useTranslation('selfCheckReports');
  const [paging, setPaging] = useState<PageState>(FIRST_PAGE);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<WindowForm>();
  const cameras = useCameraOptions();
  const windows = useMaintenanceWindows({ ...paging, startTime: range?.startTime, endTime: range?.endTime });
  const { create, remove } = useMaintenanceChanges();

  const save = async () => {
    const values = await form.validateFields();
    const [start, end] = values.span ?? [];
    if (!start || !end) return;
    await create.mutateAsync({
      cameraId: values.cameraId ?? null,
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      reason: values.reason?.trim() ?? '',
    });
    setOpen(false);
  };

  return (
    <div data-testid="maintenance-panel" style={{ marginTop: 24 }}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 8 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('maintenance.title')}
        </Typography.Title>
        {canEdit ? (
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              form.resetFields();
              setOpen(true);
            }}
            data-testid="maintenance-add"
          >
            {t('maintenance.add')}
          </Button>
        ) : null}
      </Flex>
      <Table<MaintenanceWindowRow>
        rowKey="id"
        size="small"
        dataSource={windows.data?.list ?? []}
        loading={windows.isPending}
        pagination={tablePagination(paging, windows.data?.count ?? 0, setPaging)}
        data-testid="maintenance-table"
        columns={[
          {
            title: t('maintenance.camera'),
            dataIndex: 'cameraName',
            render: (v: string | null) => v ?? t('maintenance.allCameras'),
          },
          { title: t('maintenance.start'), dataIndex: 'startsAt', render: time },
          { title: t('maintenance.end'), dataIndex: 'endsAt', render: time },
          { title: t('maintenance.reason'), dataIndex: 'reason' },
          { title: t('maintenance.createdBy'), dataIndex: 'createdBy' },
          ...(canEdit
            ? [
                {
                  title: t('maintenance.actions'),
                  key: 'actions',
                  render: (_: unknown, row: MaintenanceWindowRow) => (
                    <RowActions
                      name={`${row.cameraName ?? t('maintenance.allCameras')} ${time(row.startsAt)}`}
                      onDelete={() => remove.mutateAsync(row.id)}
                      testId={`maintenance-${row.id}`}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormModal
        open={open}
        title={t('maintenance.add')}
        onClose={() => setOpen(false)}
        onSave={() => void save().catch(() => undefined)}
        saving={create.isPending}
        testId="maintenance"
      >
        <Form<WindowForm> form={form} layout="vertical" data-testid="maintenance-form">
          <Form.Item name="cameraId" label={t('maintenance.camera')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('maintenance.allCameras')}
              options={(cameras.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
              data-testid="maintenance-camera"
            />
          </Form.Item>
          <Form.Item
            name="span"
            label={t('maintenance.span')}
            rules={[
              { required: true, message: t('maintenance.spanRequired') },
              {
                validator: (_, value?: [Dayjs, Dayjs]) =>
                  value && !value[1].isAfter(value[0])
                    ? Promise.reject(new Error(t('maintenance.endAfterStart')))
                    : value && value[1].diff(value[0], 'day', true) > 31
                      ? Promise.reject(new Error(t('maintenance.tooLong')))
                      : Promise.resolve(),
              },
            ]}
          >
            <DatePicker.RangePicker showTime style={{ width: '100%' }} data-testid="maintenance-span" />
          </Form.Item>
          <Form.Item name="reason" label={t('maintenance.reason')}>
            <Input maxLength={200} data-testid="maintenance-reason" />
          </Form.Item>
        </Form>
      </FormModal>
    </div>
  );
}
