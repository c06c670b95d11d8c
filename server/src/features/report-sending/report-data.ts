import type {
  AlarmAnalysis,
  AnalysisQuery,
  EfficiencyAnalysis,
  ReportContent,
  ReportScope,
  SafetyAnalysis,
} from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { alarmAnalysisOf, efficiencyAnalysisOf, safetyAnalysisOf } from '../analysis/index.ts';
import { namesFor, sceneNames } from './repo.ts';

/** What a report is computed from (a definition, or the snapshot a record keeps). */
export interface ReportSpec {
  name: string;
  contents: ReportContent[];
  plantId: number | null;
  scope: ReportScope;
}

/** One part of the report: the whole system, or one plant, area or scene of the scope. */
export interface ReportSection {
  kind: 'all' | 'plant' | 'area' | 'scene';
  name: string;
  alarm: AlarmAnalysis;
  safety?: SafetyAnalysis;
  efficiency?: EfficiencyAnalysis;
}

export interface ReportData {
  name: string;
  contents: ReportContent[];
  start: Date;
  end: Date;
  sections: ReportSection[];
  /** The plant data report: the plant's figures with the count of each of its areas. */
  plant?: { name: string; alarm: AlarmAnalysis };
  /** Alarms in range over the report (decides "skip when there are no alarms"). */
  totalAlarms: number;
}

/** Minutes east of UTC of the server (day buckets on the server's midnight, as the schedule). */
const serverOffset = (at: Date) => -at.getTimezoneOffset();

/**
 * The report's figures, computed by the analysis feature's own queries (no SQL of its own). The
 * report sees every scene: its scope is the definition's, set by an account holding the page.
 */
export async function computeReport(db: Db, spec: ReportSpec, start: Date, end: Date): Promise<ReportData> {
  const base = { startTime: start.toISOString(), endTime: end.toISOString(), utcOffset: serverOffset(end) };
  const now = end.getTime();
  const { factoryIds, areaIds, sceneIds } = spec.scope;
  const names = await namesFor(db, [...factoryIds, ...areaIds, ...(spec.plantId ? [spec.plantId] : [])], []);
  const scenes = await sceneNames(db, sceneIds);
  const targets: { kind: ReportSection['kind']; name: string; filter: Partial<AnalysisQuery> }[] = [
    ...factoryIds.map((id) => ({
      kind: 'plant' as const,
      name: names.nodes.get(id) ?? `#${id}`,
      filter: { factoryId: id },
    })),
    ...areaIds.map((id) => ({
      kind: 'area' as const,
      name: names.nodes.get(id) ?? `#${id}`,
      filter: { areaId: id },
    })),
    ...sceneIds.map((id) => ({
      kind: 'scene' as const,
      name: scenes.get(id) ?? `#${id}`,
      filter: { sceneId: id },
    })),
  ];
  const standard = spec.contents.some((c) => c !== 'plantAreas');
  if (standard && targets.length === 0) targets.push({ kind: 'all', name: '', filter: {} });

  const sections: ReportSection[] = [];
  for (const target of standard ? targets : []) {
    const query = { ...base, ...target.filter } as AnalysisQuery;
    const [alarm, safety, efficiency] = await Promise.all([
      alarmAnalysisOf(db, query, { scenes: 'all', ...target.filter }, now),
      spec.contents.includes('jobSafety') ? safetyAnalysisOf(db, query, 'all') : undefined,
      spec.contents.includes('handlingEfficiency') ? efficiencyAnalysisOf(db, query, 'all') : undefined,
    ]);
    sections.push({ kind: target.kind, name: target.name, alarm, safety, efficiency });
  }

  let plant: ReportData['plant'];
  if (spec.contents.includes('plantAreas') && spec.plantId !== null) {
    const filter = { factoryId: spec.plantId };
    const alarm = await alarmAnalysisOf(
      db,
      { ...base, ...filter } as AnalysisQuery,
      { scenes: 'all', ...filter },
      now,
    );
    plant = { name: names.nodes.get(spec.plantId) ?? `#${spec.plantId}`, alarm };
  }
  const totalAlarms = sections.reduce((n, s) => n + s.alarm.total, 0) + (plant?.alarm.total ?? 0);
  return { name: spec.name, contents: spec.contents, start, end, sections, plant, totalAlarms };
}
