import { type EfficiencyAnalysis, isPriorityCode } from '@sentinel/contract';
import { Col, Row } from 'antd';
import { durationText, percentText } from '@/shared/charts/duration-text.ts';
import { KpiCard } from '@/shared/charts/kpi-card.tsx';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { PageEmpty } from '@/shared/ui/page-states.tsx';
import { useEfficiencyAnalysis, useLiveAnalysis } from '../api/analysis.ts';
import { AnalysisFrame } from '../components/analysis-frame.tsx';
import { DurationFigure } from '../components/duration-figure.tsx';
import { FalsePositiveFigure } from '../components/false-positive-figure.tsx';
import { TrendFigure } from '../components/trend-figure.tsx';
import type { AnalysisRequest } from '../lib/analysis-filters.ts';
import { backlogRange } from '../lib/drill.ts';
import { byUrgency, priorityName } from '../lib/labels.ts';
import { useAnalysisFilters } from '../lib/use-analysis-filters.ts';
import { useDrill } from '../lib/use-drill.ts';

/**
 * /efficiencyAnalysis: how fast alarms of a range are handled (median and p90 by level, scene and
 * handler), the backlog over time, approval turnaround and false positives per algorithm. Every
 * figure opens History alarms with the same range and filters.
 */
export default function EfficiencyAnalysisPage() {
  const state = useAnalysisFilters({ plant: true });
  const result = useEfficiencyAnalysis(state.query);
  useLiveAnalysis('efficiency', ['alarm.created', 'alarm.updated']);
  return (
    <AnalysisFrame
      testId="efficiency-analysis-page"
      state={state}
      plant
      result={result}
      skeleton={{ kpis: 4, figures: 6 }}
    >
      {(query) => (result.data ? <EfficiencyFigures data={result.data} query={query} /> : null)}
    </AnalysisFrame>
  );
}

function EfficiencyFigures({ data, query }: { data: EfficiencyAnalysis; query: AnalysisRequest }) {
  const { t } = useTranslation('analysis');
  const lang = useLang();
  const drill = useDrill(query);
  const range = { startTime: query.startTime, endTime: query.endTime };
  const times = data.backlog.map((b) => b.time);
  const processed = { status: 'processed' as const };
  const unknown = t('unknown');
  const fpTotal = data.falsePositiveByAlgorithm.reduce((sum, r) => sum + r.total, 0);
  const fpCount = data.falsePositiveByAlgorithm.reduce((sum, r) => sum + r.falsePositive, 0);
  const emptyHandled = t('empty.handled');

  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard
          title={t('kpi.median')}
          value={durationText(data.overall.medianSeconds, lang)}
          note={t('kpi.processedNote', { count: data.overall.count })}
          to={drill.alarms(processed)}
          testId="kpi-median"
        />
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard
          title={t('kpi.p90')}
          value={durationText(data.overall.p90Seconds, lang)}
          note={t('kpi.processedNote', { count: data.overall.count })}
          to={drill.alarms(processed)}
          testId="kpi-p90"
        />
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard
          title={t('kpi.approval')}
          value={durationText(data.approval.medianSeconds, lang)}
          note={t('kpi.approvalNote', {
            count: data.approval.count,
            p90: durationText(data.approval.p90Seconds, lang),
          })}
          to={drill.alarms({ approved: true })}
          testId="kpi-approval"
        />
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard
          title={t('kpi.falsePositiveShare')}
          value={percentText(fpTotal ? fpCount / fpTotal : null)}
          note={t('kpi.falsePositiveNote', { count: fpCount, total: fpTotal })}
          to={drill.alarms({ falsePositive: true })}
          testId="kpi-false-positive-share"
        />
      </Col>
      {fpTotal === 0 ? (
        <Col span={24}>
          <PageEmpty description={t('empty.alarms')} />
        </Col>
      ) : (
        <>
          <Col xs={24} xl={12}>
            <DurationFigure
              title={t('figure.handlingByLevel')}
              testId="figure-handling-by-level"
              nameTitle={t('column.level')}
              emptyText={emptyHandled}
              rows={byUrgency(data.byLevel).map((r) => ({
                key: String(r.priority),
                name: priorityName(r.priority, lang),
                count: r.count,
                medianSeconds: r.medianSeconds,
                p90Seconds: r.p90Seconds,
                to: isPriorityCode(r.priority)
                  ? drill.alarms({ ...processed, priority: r.priority })
                  : undefined,
              }))}
            />
          </Col>
          <Col xs={24} xl={12}>
            <DurationFigure
              title={t('figure.handlingByHandler')}
              testId="figure-handling-by-handler"
              nameTitle={t('column.handler')}
              emptyText={emptyHandled}
              rows={data.byHandler.map((r) => ({
                key: String(r.handlerId ?? 'none'),
                name: r.name || unknown,
                count: r.count,
                medianSeconds: r.medianSeconds,
                p90Seconds: r.p90Seconds,
                to: r.handlerId === null ? undefined : drill.alarms({ ...processed, handlerId: r.handlerId }),
              }))}
            />
          </Col>
          <Col span={24}>
            <DurationFigure
              title={t('figure.handlingByScene')}
              testId="figure-handling-by-scene"
              nameTitle={t('column.scene')}
              emptyText={emptyHandled}
              rows={data.byScene.map((r) => ({
                key: String(r.sceneId ?? 'none'),
                name: r.name || unknown,
                count: r.count,
                medianSeconds: r.medianSeconds,
                p90Seconds: r.p90Seconds,
                to: r.sceneId === null ? undefined : drill.alarms({ ...processed, sceneId: r.sceneId }),
              }))}
            />
          </Col>
          <Col span={24}>
            <DurationFigure
              title={t('figure.handlingByDuty')}
              testId="figure-handling-by-duty"
              nameTitle={t('column.duty')}
              emptyText={emptyHandled}
              rows={data.byDuty.map((r) => ({
                key: String(r.onDuty),
                name: t(r.onDuty ? 'duty.on' : 'duty.off'),
                count: r.count,
                medianSeconds: r.medianSeconds,
                p90Seconds: r.p90Seconds,
              }))}
            />
          </Col>
          <Col xs={24} xl={12}>
            <TrendFigure
              title={t('figure.backlog')}
              testId="figure-backlog"
              kind="line"
              drawEmpty
              granularity={data.granularity}
              countTitle={t('column.open')}
              note={t('figure.backlogNote')}
              emptyText={t('empty.alarms')}
              rows={data.backlog.map((b, i) => ({
                time: b.time,
                count: b.open,
                to: drill.alarms({ status: 'untreated', ...backlogRange(times, i, data.granularity, range) }),
              }))}
            />
          </Col>
          <Col xs={24} xl={12}>
            <FalsePositiveFigure rows={data.falsePositiveByAlgorithm} drill={drill} />
          </Col>
        </>
      )}
    </Row>
  );
}
