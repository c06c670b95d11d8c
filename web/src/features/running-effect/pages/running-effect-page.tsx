import type { RunningEffect } from '@sentinel/contract';
import { isPriorityCode } from '@sentinel/contract';
import { Col, Row } from 'antd';
import { durationText, percentText } from '@/shared/charts/duration-text.ts';
import { KpiCard } from '@/shared/charts/kpi-card.tsx';
import { filtersUrl } from '@/shared/filters/url-filters.ts';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { usePermissionStore } from '@/shared/stores/permission-store.ts';
import {
  AnalysisFrame,
  type AnalysisRequest,
  bucketRange,
  byUrgency,
  DurationFigure,
  priorityName,
  TrendFigure,
  useAnalysisFilters,
  useDrill,
} from '../../analysis/index.ts';
import { useRunningEffect } from '../api/running-effect.ts';
import { AvailabilityFigure } from '../components/availability-figure.tsx';
import { FalsePositiveFigure } from '../components/false-positive-figure.tsx';

const ERROR_LOG_PATH = '/selfCheck/cameraErrorLog';

/**
 * /systemSettings/runningEffect (admin): how well the deployment works over a range — alarms per
 * day, false-positive rate per algorithm and version, handling times and camera availability.
 * Every count opens the list behind it (History alarms, Camera error log) with the same range.
 */
export default function RunningEffectPage() {
  const state = useAnalysisFilters({ plant: false });
  const result = useRunningEffect(state.query);
  return (
    <AnalysisFrame
      testId="running-effect-page"
      state={state}
      plant={false}
      result={result}
      skeleton={{ kpis: 4, figures: 4 }}
    >
      {(query) => (result.data ? <EffectFigures data={result.data} query={query} /> : null)}
    </AnalysisFrame>
  );
}

function EffectFigures({ data, query }: { data: RunningEffect; query: AnalysisRequest }) {
  const { t } = useTranslation('runningEffect');
  const lang = useLang();
  const drill = useDrill(query);
  const canSeeOutages = usePermissionStore((s) => s.codes.has('cameraErrorLog'));
  const range = { startTime: query.startTime, endTime: query.endTime };
  const outages = (r: { startTime: string; endTime: string }) =>
    canSeeOutages ? filtersUrl(ERROR_LOG_PATH, r) : undefined;
  const times = data.alarms.trend.map((p) => p.time);
  const { total, falsePositive } = data.alarms;
  const processed = { status: 'processed' as const };
  const cams = data.cameras;

  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard
          title={t('kpi.alarms')}
          value={total}
          note={t('kpi.alarmsNote', { count: data.alarms.untreated })}
          to={drill.alarms()}
          testId="kpi-alarms"
        />
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard
          title={t('kpi.falsePositiveRate')}
          value={percentText(total ? falsePositive / total : null)}
          note={t('kpi.falsePositiveNote', { count: falsePositive, total })}
          to={drill.alarms({ falsePositive: true })}
          testId="kpi-false-positive"
        />
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard
          title={t('kpi.handling')}
          value={durationText(data.handling.overall.medianSeconds, lang)}
          note={t('kpi.handlingNote', {
            count: data.handling.overall.count,
            p90: durationText(data.handling.overall.p90Seconds, lang),
          })}
          to={drill.alarms(processed)}
          testId="kpi-handling"
        />
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard
          title={t('kpi.availability')}
          value={percentText(cams.availability)}
          note={t('kpi.availabilityNote', { cameras: cams.cameras, outages: cams.outages })}
          to={outages(range)}
          testId="kpi-availability"
        />
      </Col>
      <Col xs={24} xl={12}>
        <TrendFigure
          title={t('figure.alarms')}
          testId="effect-alarms"
          kind="bar"
          granularity="day"
          countTitle={t('column.alarms')}
          emptyText={t('empty.alarms')}
          rows={data.alarms.trend.map((p, i) => ({
            time: p.time,
            count: p.count,
            to: drill.alarms(bucketRange(times, i, 'day', range)),
          }))}
        />
      </Col>
      <Col xs={24} xl={12}>
        <AvailabilityFigure
          points={cams.trend}
          outagesOf={(i) => outages(bucketRange(times, i, 'day', range))}
        />
      </Col>
      <Col span={24}>
        <FalsePositiveFigure
          data={data.falsePositive}
          alarmsOf={(algorithmId, fp) => drill.alarms({ algorithmId, falsePositive: fp })}
        />
      </Col>
      <Col span={24}>
        <DurationFigure
          title={t('figure.handlingByLevel')}
          testId="effect-handling-by-level"
          nameTitle={t('column.level')}
          emptyText={t('empty.handled')}
          rows={byUrgency(data.handling.byLevel).map((r) => ({
            key: String(r.priority),
            name: priorityName(r.priority, lang),
            count: r.count,
            medianSeconds: r.medianSeconds,
            p90Seconds: r.p90Seconds,
            to: isPriorityCode(r.priority) ? drill.alarms({ ...processed, priority: r.priority }) : undefined,
          }))}
        />
      </Col>
    </Row>
  );
}
