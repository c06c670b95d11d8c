import type { MyStatistics } from '@sentinel/contract';
import { Col, Row } from 'antd';
import { durationText } from '@/shared/charts/duration-text.ts';
import { KpiCard } from '@/shared/charts/kpi-card.tsx';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { ACTION_STATE, handledAlarmsUrl } from '../lib/links.ts';

interface KpiCardsProps {
  data: MyStatistics;
  range: { startTime: string; endTime: string };
}

/**
 * Processed, marked false positive, approved, approval revoked, median and p90 handling time. The
 * handling figures open History alarms of the alarms this account handled in the range.
 */
export function KpiCards({ data, range }: KpiCardsProps) {
  const { t } = useTranslation('myStatistics');
  const lang = useLang();
  const open = t('kpi.openList');
  const handled = handledAlarmsUrl(range, data.accountId, { status: 'processed' });
  const cards = [
    {
      key: 'deal',
      title: t('kpi.deal'),
      value: data.deal,
      to: handledAlarmsUrl(range, data.accountId, { alarmState: ACTION_STATE.deal }),
      color: '#37f',
    },
    {
      key: 'cancel',
      title: t('kpi.cancel'),
      value: data.cancel,
      to: handledAlarmsUrl(range, data.accountId, { alarmState: ACTION_STATE.cancel }),
    },
    { key: 'approve', title: t('kpi.approve'), value: data.approve },
    { key: 'noApprove', title: t('kpi.noApprove'), value: data.noApprove },
    {
      key: 'median',
      title: t('kpi.median'),
      value: durationText(data.handling.medianSeconds, lang),
      note: t('kpi.over', { n: data.handling.count }),
      to: data.handling.count ? handled : undefined,
    },
    {
      key: 'p90',
      title: t('kpi.p90'),
      value: durationText(data.handling.p90Seconds, lang),
      note: t('kpi.p90Note'),
      to: data.handling.count ? handled : undefined,
    },
  ];
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      {cards.map((card) => (
        <Col key={card.key} xs={24} sm={12} lg={8} xl={4}>
          <KpiCard
            testId={`kpi-${card.key}`}
            title={card.title}
            value={card.value}
            note={card.note}
            to={card.to}
            linkTitle={card.to ? open : undefined}
            color={card.color}
          />
        </Col>
      ))}
    </Row>
  );
}
