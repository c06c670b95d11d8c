import { PlusOutlined } from '@ant-design/icons';
import type { DutyShift } from '@sentinel/contract';
import { Alert, Button, Card, Col, Row, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { RowActions } from '@/shared/crud/index.ts';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { ListTable } from '@/shared/ui/list-table.tsx';
import { PageError } from '@/shared/ui/page-states.tsx';
import { useRemoveShift, useShifts } from '../api/roster.ts';
import { OnDutyNow } from '../components/on-duty-now.tsx';
import { ShiftForm } from '../components/shift-form.tsx';
import { shiftTimes } from '../lib/times.ts';

/** /systemSettings/operationsManagement: the operator duty roster and who is on duty now. */
export default function OperationsPage() {
  const { t } = useTranslation('dutyRoster');
  const shifts = useShifts();
  const remove = useRemoveShift();
  const [editing, setEditing] = useState<{ row?: DutyShift } | null>(null);
  const overlapping = (shifts.data ?? []).filter((s) => s.overlapsWith.length > 0);

  const columns: TableColumnsType<DutyShift> = [
    { title: t('field.account'), render: (_, r) => r.displayName || r.accountName },
    { title: t('field.scenes'), render: (_, r) => r.scenes.map((s) => <Tag key={s.id}>{s.name}</Tag>) },
    {
      title: t('field.times'),
      render: (_, r) => shiftTimes(r, (d) => t(`weekday.${d}`), t('nextDay')),
    },
    { title: t('field.note'), dataIndex: 'note', responsive: ['md'] },
    {
      title: t('field.state'),
      render: (_, r) => (
        <Space size={4} wrap>
          {r.onDutyNow ? <Tag color="green">{t('state.onDuty')}</Tag> : null}
          {!r.enabled ? <Tag>{t('state.disabled')}</Tag> : null}
          {r.overlapsWith.length > 0 ? (
            <Tag color="orange" data-testid={`duty-shift-${r.id}-overlap`}>
              {t('state.overlap')}
            </Tag>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('actions'),
      width: 140,
      render: (_, r) => (
        <RowActions
          testId={`duty-shift-${r.id}`}
          name={r.displayName || r.accountName}
          onEdit={() => setEditing({ row: r })}
          onDelete={() => remove.mutateAsync(r.id)}
        />
      ),
    },
  ];

  return (
    <Row gutter={[16, 16]} data-testid="operations-page">
      <Col xs={24} xl={8}>
        <OnDutyNow />
      </Col>
      <Col xs={24} xl={16}>
        <Card
          title={t('title')}
          extra={
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setEditing({})}
              data-testid="duty-shift-add"
            >
              {t('add')}
            </Button>
          }
        >
          {overlapping.length > 0 ? (
            <Alert
              type="warning"
              showIcon
              title={t('overlapWarning', { count: overlapping.length })}
              style={{ marginBottom: 16 }}
              data-testid="duty-overlap-warning"
            />
          ) : null}
          {shifts.isError ? (
            <PageError message={shifts.error.message} onRetry={() => void shifts.refetch()} />
          ) : (
            <ListTable<DutyShift>
              testId="duty-shift"
              columns={columns}
              dataSource={shifts.data ?? []}
              loading={shifts.isPending}
              pagination={false}
            />
          )}
        </Card>
      </Col>
      <ShiftForm editing={editing} onClose={() => setEditing(null)} />
    </Row>
  );
}
