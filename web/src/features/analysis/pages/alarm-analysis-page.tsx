import { type AlarmAnalysis, isPriorityCode } from '@sentinel/contract';
import { Col, Row } from 'antd';
import { percentText } from '@/shared/charts/duration-text.ts';
import { KpiCard } from '@/shared/charts/kpi-card.tsx';
import { useLang, useTranslation } from '@/shared/i18n/i18n.ts';
import { PageEmpty } from '@/shared/ui/page-states.tsx';
import { useAlarmAnalysis, useLiveAnalysis } from '../api/analysis.ts';
import { AnalysisFrame } from '../components/analysis-frame.tsx';
import { RankedFigure } from '../components/ranked-figure.tsx';
import { TrendFigure } from '../components/trend-figure.tsx';
import type { AnalysisFilters, AnalysisRequest } from '../lib/analysis-filters.ts';
import { bucketRange } from '../lib/drill.ts';
import { byUrgency, priorityColor, priorityName } from '../lib/labels.ts';
import { useAnalysisFilters } from '../lib/use-analysis-filters.ts';
import { useDrill } from '../lib/use-drill.ts';

/** Hourly buckets are offered for ranges up to this many days. */
const HOURLY_MAX_DAYS = 31;

/**
 * /alarmAnalysis: alarms of a range (presets of SPEC §9 or custom) by time, level, type, plant /
 * area, scene and camera. Every figure opens History alarms with the same range and filters.
 */
export default function AlarmAnalysisPage() {
  const state = useAnalysisFilters({ plant: true });
  const result = useAlarmAnalysis(state.query);
  useLiveAnalysis('alarm', ['alarm.created', 'alarm.updated']);
  return (
    <AnalysisFrame
      testId="alarm-analysis-page"
      state={state}
      plant
      result={result}
      skeleton={{ kpis: 3, figures: 6 }}
    >
      {(query) =>
        result.data ? (
          <AlarmFigures
            data={result.data}
            query={query}
            filters={state.filters}
            setFilters={state.setFilters}
          />
        ) : null
      }
    </AnalysisFrame>
  );
}

interface FiguresProps {
  data: AlarmAnalysis;
  query: AnalysisRequest;
  filters: AnalysisFilters;
  setFilters: (filters: AnalysisFilters) => void;
}

/** The headline figures, then the charts, or one "no alarms in this range" when there are none. */
function AlarmFigures({ data, query, filters, setFilters }: FiguresProps) {
  const { t } = useTranslation('analysis');
  const drill = useDrill(query);
  const empty = t('empty.alarms');

  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} sm={8}>
        <KpiCard title={t('kpi.total')} value={data.total} to={drill.alarms()} testId="kpi-total" />
      </Col>
      <Col xs={24} sm={8}>
        <KpiCard
          title={t('kpi.untreated')}
          value={data.untreated}
          note={
            data.total ? t('kpi.ofTotal', { share: percentText(data.untreated / data.total) }) : undefined
          }
          color={data.untreated ? '#f5222d' : undefined}
          to={drill.alarms({ status: 'untreated' })}
          testId="kpi-untreated"
        />
      </Col>
      <Col xs={24} sm={8}>
        <KpiCard
          title={t('kpi.falsePositive')}
          value={data.falsePositive}
          note={
            data.total ? t('kpi.ofTotal', { share: percentText(data.falsePositive / data.total) }) : undefined
          }
          to={drill.alarms({ falsePositive: true })}
          testId="kpi-false-positive"
        />
      </Col>
      {data.total === 0 ? (
        <Col span={24}>
          <PageEmpty description={empty} />
        </Col>
      ) : (
        <AlarmCharts data={data} query={query} filters={filters} setFilters={setFilters} />
      )}
    </Row>
  );
}

/** The charts of a range that has alarms. */
function AlarmCharts({ data, query, filters, setFilters }: FiguresProps) {
  const { t } = useTranslation('analysis');
  const lang = useLang();
  const drill = useDrill(query);
  const range = { startTime: query.startTime, endTime: query.endTime };
  const times = data.trend.map((p) => p.time);
  const days = (Date.parse(query.endTime) - Date.parse(query.startTime)) / 86_400_000;
  const unknown = t('unknown');
  const empty = t('empty.alarms');
  const common = { nameTitle: t('column.name'), countTitle: t('column.alarms'), emptyText: empty };

  return (
    <>
      <Col span={24}>
        <TrendFigure
          title={t('figure.trend')}
          testId="figure-trend"
          kind="bar"
          granularity={data.granularity}
          allowHour={days <= HOURLY_MAX_DAYS}
          onGranularity={(granularity) => setFilters({ ...filters, granularity })}
          countTitle={t('column.alarms')}
          emptyText={empty}
          rows={data.trend.map((p, i) => ({
            time: p.time,
            count: p.count,
            to: drill.alarms(bucketRange(times, i, data.granularity, range)),
          }))}
        />
      </Col>
      <Col xs={24} xl={12}>
        <RankedFigure
          {...common}
          title={t('figure.byLevel')}
          testId="figure-by-level"
          kind="pie"
          nameTitle={t('column.level')}
          rows={byUrgency(data.byLevel).map((r) => ({
            key: String(r.priority),
            name: priorityName(r.priority, lang),
            color: priorityColor(r.priority),
            count: r.count,
            to: isPriorityCode(r.priority) ? drill.alarms({ priority: r.priority }) : undefined,
          }))}
        />
      </Col>
      <Col xs={24} xl={12}>
        <RankedFigure
          {...common}
          title={t('figure.byType')}
          testId="figure-by-type"
          kind="hbar"
          nameTitle={t('column.type')}
          rows={data.byType.map((r) => ({
            key: String(r.algorithmId ?? 'none'),
            name: r.name || unknown,
            count: r.count,
            to: r.algorithmId === null ? undefined : drill.alarms({ algorithmId: r.algorithmId }),
          }))}
        />
      </Col>
      <Col xs={24} xl={12}>
        <RankedFigure
          {...common}
          title={t('figure.byArea')}
          testId="figure-by-area"
          kind="hbar"
          nameTitle={t('column.area')}
          rows={data.byArea.map((r) => ({
            key: String(r.areaId ?? 'none'),
            name: [r.factoryName, r.name || unknown].filter(Boolean).join(' / '),
            count: r.count,
            to:
              r.areaId === null
                ? undefined
                : drill.alarms({ areaId: r.areaId, factoryId: r.factoryId ?? query.factoryId }),
          }))}
        />
      </Col>
      <Col xs={24} xl={12}>
        <RankedFigure
          {...common}
          title={t('figure.byScene')}
          testId="figure-by-scene"
          kind="hbar"
          nameTitle={t('column.scene')}
          rows={data.byScene.map((r) => ({
            key: String(r.sceneId ?? 'none'),
            name: r.name || unknown,
            count: r.count,
            to: r.sceneId === null ? undefined : drill.alarms({ sceneId: r.sceneId }),
          }))}
        />
      </Col>
      <Col span={24}>
        <RankedFigure
          {...common}
          title={t('figure.topCameras')}
          testId="figure-top-cameras"
          kind="hbar"
          nameTitle={t('column.camera')}
          rows={data.topCameras.map((r) => ({
            key: String(r.cameraId ?? 'none'),
            name: r.name || unknown,
            count: r.count,
            to: r.cameraId === null ? undefined : drill.alarms({ cameraId: r.cameraId }),
          }))}
        />
      </Col>
    </>
  );
}
