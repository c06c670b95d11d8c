import {
  MATRIX_MIN_AVAILABILITY,
  type MatrixCell,
  type MatrixColour,
  type RunLogRow,
  SILENCE_FACTOR,
  SILENCE_MIN_SECONDS,
  SILENCE_MIN_WEEK_ALARMS,
} from '@sentinel/contract';
import type { EvidenceRow, EvidenceWindow } from './repo.ts';

/**
 * The run evidence's rules (pure): the silence rule (contract: SILENCE_FACTOR and friends) and the
 * matrix's colours. The figures come from `video_alarm`, `camera_health`, `camera_outage` and
 * `image_check` rows (repo.ts), never from a flag.
 */

const WEEK_SECONDS = 7 * 86_400;

/** The silence threshold of a binding's own 7-day rate; null under `SILENCE_MIN_WEEK_ALARMS`. */
export function silenceThreshold(weekAlarms: number): number | null {
  if (weekAlarms < SILENCE_MIN_WEEK_ALARMS) return null;
  return Math.max(SILENCE_MIN_SECONDS, Math.round((SILENCE_FACTOR * WEEK_SECONDS) / weekAlarms));
}

export function runLogRowOf(r: EvidenceRow, w: EvidenceWindow): RunLogRow {
  const hours = Math.max((w.end.getTime() - w.start.getTime()) / 3_600_000, 1 / 60);
  const silenceSeconds =
    r.lastAlarmAt === null
      ? null
      : Math.max(0, Math.floor((w.reference.getTime() - r.lastAlarmAt.getTime()) / 1000));
  const thresholdSeconds = silenceThreshold(r.weekAlarms);
  const silent =
    r.enabled &&
    r.cameraOnline === true &&
    thresholdSeconds !== null &&
    silenceSeconds !== null &&
    silenceSeconds > thresholdSeconds;
  return {
    bindingId: r.bindingId,
    sceneId: r.sceneId,
    sceneName: r.sceneName,
    cameraId: r.cameraId,
    cameraName: r.cameraName,
    algorithmId: r.algorithmId,
    algorithmName: r.algorithmName,
    enabled: r.enabled,
    cameraOnline: r.cameraOnline,
    lastAlarmAt: r.lastAlarmAt?.toISOString() ?? null,
    alarmsInRange: r.alarmsInRange,
    ratePerHour: Math.round((r.alarmsInRange / hours) * 100) / 100,
    weekAlarms: r.weekAlarms,
    silenceSeconds,
    thresholdSeconds,
    silent,
  };
}

/**
 * A matrix cell over the last 24 h: red — camera offline now, or its availability under
 * `MATRIX_MIN_AVAILABILITY` %; amber — silent, or image problems among its alarms' images; green —
 * evidence, all of it sound; grey — no evidence (no camera health, no alarm, no image check) or the
 * binding is disabled.
 */
export function matrixCellOf(r: EvidenceRow, w: EvidenceWindow): MatrixCell {
  const row = runLogRowOf(r, w);
  const windowSeconds = (w.end.getTime() - w.start.getTime()) / 1000;
  const availability =
    r.cameraOnline === null || windowSeconds <= 0
      ? null
      : Math.round(Math.max(0, (1 - r.outageSeconds / windowSeconds) * 100) * 10) / 10;
  const reasons: string[] = [];
  let colour: MatrixColour;
  if (!r.enabled) {
    colour = 'grey';
    reasons.push('disabled');
  } else {
    if (r.cameraOnline === false) reasons.push('cameraOffline');
    if (availability !== null && availability < MATRIX_MIN_AVAILABILITY) reasons.push('lowAvailability');
    const red = reasons.length > 0;
    if (row.silent) reasons.push('silent');
    if (r.imageProblems > 0) reasons.push('imageProblems');
    const evidence = r.cameraOnline !== null || r.alarmsInRange > 0 || r.imageChecks > 0;
    if (red) colour = 'red';
    else if (reasons.length > 0) colour = 'amber';
    else if (evidence) colour = 'green';
    else {
      colour = 'grey';
      reasons.push('noEvidence');
    }
  }
  return {
    ...row,
    availability,
    imageChecks: r.imageChecks,
    imageProblems: r.imageProblems,
    colour,
    reasons,
  };
}
