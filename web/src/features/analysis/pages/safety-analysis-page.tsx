import { JOB_RUN_STATE, type SafetyAnalysis } from '@sentinel/contract';
import { Col, Row } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { barOption, THEME_COLOR } from '@/shared/charts/chart-options.ts';
import { percentText } from '@/shared/charts/duration-text.ts';
import { EChart } from '@/shared/charts/echart.tsx';
import { KpiCard } from '@/shared/charts/kpi-card.tsx';
import { useTranslation } from '@/shared/i18n/i18n.ts';
import { PageEmpty } from '@/shared/ui/page-states.tsx';
import { useLiveAnalysis, useSafetyAnalysis } from '../api/analysis.ts';
import { AnalysisFrame } from '../components/analysis-frame.tsx';
import { FigureCard } from '../components/figure-card.tsx';
import { RankedFigure } from '../components/ranked-figure.tsx';
import { SceneSafetyTable } from '../components/scene-safety-table.tsx';
import type { AnalysisRequest } from '../lib/analysis-filters.ts';
import { RUN_STATE_COLORS } from '../lib/labels.ts';
import { useAnalysisFilters } from '../lib/use-analysis-filters.ts';
import { type Drill, useDrill } from '../lib/use-drill.ts';

/**
 * /safetyAnalysis: job runs (by start time, as History tasks) by outcome, the safety rate overall
 * and per scene, the alarms raised during runs by type, and the riskiest scenes. Runs open History
 * tasks, alarms History alarms, with the same range and scene. Scene is the only place filter:
 * History tasks filter runs by scene, so a plant or area could not be carried to the list.
 */
export default function SafetyAnalysisPage() {
  const state = useAnalysisFilters({ plant: false });
  const result = useSafetyAnalysis(state.query);
  useLiveAnalysis('safety', ['jobRun.updated', 'alarm.created']);
  return (
    <AnalysisFrame
      testId="safety-analysis-page"
      state={state}
      plant={false}
      result={result}
      skeleton={{ kpis: 4, figures: 4 }}
    >
      {(query) => (result.data ? <SafetyFigures data={result.data} query={query} /> : null)}
    </AnalysisFrame>
  );
}

function SafetyFigures({ data, query }: { data: SafetyAnalysis; query: AnalysisRequest }) {
  const { t } = useTranslation('analysis');
  const drill = useDrill(query);
  const count = (state: number) => data.byOutcome.find((o) => o.state === state)?.count ?? 0;
  const completed = count(JOB_RUN_STATE.completed);
  const finished = completed + count(JOB_RUN_STATE.violated) + count(JOB_RUN_STATE.undetermined);
  const violationAlarms = data.violationsByType.reduce((sum, r) => sum + r.count, 0);
  const emptyRuns = t('empty.runs');

  return (
    <Row gutter={[12, 12]}>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard title={t('kpi.runs')} value={data.runs} to={drill.tasks()} testId="kpi-runs" />
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard
          title={t('kpi.safetyRate')}
          value={percentText(data.safetyRate)}
          note={t('kpi.safetyRateNote', { completed, finished })}
          to={drill.tasks({ state: JOB_RUN_STATE.completed })}
          testId="kpi-safety-rate"
        />
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard
          title={t('state.3')}
          value={count(JOB_RUN_STATE.violated)}
          color={count(JOB_RUN_STATE.violated) ? '#f5222d' : undefined}
          to={drill.tasks({ state: JOB_RUN_STATE.violated })}
          testId="kpi-violated"
        />
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <KpiCard
          title={t('kpi.violationAlarms')}
          value={violationAlarms}
          to={drill.alarms({ inJob: true })}
          testId="kpi-violation-alarms"
        />
      </Col>
      {data.runs === 0 && violationAlarms === 0 ? (
        <Col span={24}>
          <PageEmpty description={t('empty.runs')} />
        </Col>
      ) : (
        <>
          <Col xs={24} xl={10}>
            <RankedFigure
              title={t('figure.byOutcome')}
              testId="figure-by-outcome"
              kind="hbar"
              nameTitle={t('column.state')}
              countTitle={t('column.runs')}
              emptyText={emptyRuns}
              rows={data.byOutcome.map((o) => ({
                key: String(o.state),
                name: t(`state.${o.state}`),
                color: RUN_STATE_COLORS[o.state],
                count: o.count,
                to: drill.tasks({ state: o.state }),
              }))}
            />
          </Col>
          <Col xs={24} xl={14}>
            <RankedFigure
              title={t('figure.violationsByType')}
              testId="figure-violations-by-type"
              kind="hbar"
              nameTitle={t('column.type')}
              countTitle={t('column.alarms')}
              emptyText={t('empty.violations')}
              rows={data.violationsByType.map((r) => ({
                key: String(r.algorithmId ?? 'none'),
                name: r.name || t('unknown'),
                count: r.count,
                to:
                  r.algorithmId === null
                    ? undefined
                    : drill.alarms({ inJob: true, algorithmId: r.algorithmId }),
              }))}
            />
          </Col>
          <Col span={24}>
            <SceneRates data={data} drill={drill} />
          </Col>
          <Col span={24}>
            <FigureCard
              title={t('figure.riskiest')}
              testId="figure-riskiest"
              empty={data.riskiestScenes.length === 0}
              emptyText={t('empty.risk')}
              mode="both"
              chart={() => null}
              table={() => (
                <SceneSafetyTable rows={data.riskiestScenes} drill={drill} testId="riskiest-table" compact />
              )}
            />
          </Col>
        </>
      )}
    </Row>
  );
}

/** Safety rate per scene: bars (a click lists the scene's runs) above the table of every figure. */
function SceneRates({ data, drill }: { data: SafetyAnalysis; drill: Drill }) {
  const { t } = useTranslation('analysis');
  const navigate = useNavigate();
  const rated = useMemo(() => data.byScene.filter((s) => s.safetyRate !== null), [data.byScene]);
  const option = useMemo(
    () =>
      barOption({
        categories: rated.map((s) => s.name || t('unknown')),
        horizontal: true,
        max: 1,
        valueFormatter: (v) => percentText(v),
        series: [
          { name: t('column.safetyRate'), color: THEME_COLOR, data: rated.map((s) => s.safetyRate ?? 0) },
        ],
      }),
    [rated, t],
  );
  return (
    <FigureCard
      title={t('figure.sceneRates')}
      testId="figure-scene-rates"
      empty={data.byScene.length === 0}
      emptyText={t('empty.runs')}
      mode="both"
      chart={() =>
        rated.length ? (
          <EChart
            option={option}
            label={t('figure.sceneRates')}
            testId="figure-scene-rates-chart"
            height={Math.max(160, Math.min(rated.length, 20) * 26 + 48)}
            onItemClick={(item) => {
              const sceneId = rated[item.dataIndex]?.sceneId;
              const to = sceneId ? drill.tasks({ sceneId }) : undefined;
              if (to) navigate(to);
            }}
          />
        ) : null
      }
      table={() => <SceneSafetyTable rows={data.byScene} drill={drill} testId="scene-safety-table" />}
    />
  );
}
