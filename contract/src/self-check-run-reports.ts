/** Self-check (issue 14), run-reports: schemas, API paths and messages. */
import { z } from 'zod';
import { pageQuery, recordId } from './validators.ts';

/**
 * cameraRunReport and algorithmRunReport: availability and alarm volume per camera / algorithm
 * per day, with planned maintenance windows excluded from availability. Paths are ours.
 * Reports are POST (JSON body); the xlsx downloads are GET with the same fields as a query string.
 */
export const RUN_REPORTS_API = {
  /** POST { page, limit, startTime?, endTime?, cameraId? } → { list, count } (windows overlapping the range). */
  maintenanceList: '/api/v2/backend/self-check/maintenance/list',
  /** POST { cameraId | null, startsAt, endsAt, reason } → the window. */
  maintenanceCreate: '/api/v2/backend/self-check/maintenance',
  /** DELETE /:id */
  maintenanceDelete: '/api/v2/backend/self-check/maintenance/:id',
  camera: '/api/v2/backend/self-check/reports/camera',
  cameraExport: '/api/v2/backend/self-check/reports/camera/export',
  algorithm: '/api/v2/backend/self-check/reports/algorithm',
  algorithmExport: '/api/v2/backend/self-check/reports/algorithm/export',
} as const;

/** Longest report range (days) and longest maintenance window (days). */
export const RUN_REPORT_MAX_DAYS = 92;
export const MAINTENANCE_MAX_DAYS = 31;

const DAY_MS = 86_400_000;
const isoTime = z.iso.datetime({ offset: true, error: 'time.rangeRequired' });

/** Report filters: a required range (≤ 92 days), the viewer's UTC offset (day buckets), area, camera. */
export const runReportQuery = z
  .object({
    startTime: isoTime,
    endTime: isoTime,
    utcOffset: z.coerce.number().int().min(-840).max(840).default(0),
    areaId: recordId().optional(),
    cameraId: recordId().optional(),
    algorithmId: recordId().optional(),
    lang: z.enum(['en', 'zh-CN']).optional(),
  })
  .superRefine((value, ctx) => {
    const start = Date.parse(value.startTime);
    const end = Date.parse(value.endTime);
    if (end < start) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'time.endBeforeStart' });
    else if (end - start > RUN_REPORT_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'runReport.rangeTooLong' });
  });
export type RunReportQuery = z.infer<typeof runReportQuery>;
export type RunReportQueryInput = z.input<typeof runReportQuery>;

/** One camera on one day. availability: 0..100, null when nothing of the day was observed. */
export const cameraDayRow = z.object({
  day: z.string(),
  cameraId: z.number(),
  cameraName: z.string(),
  areaId: z.number().nullable(),
  areaName: z.string(),
  availability: z.number().nullable(),
  observedSeconds: z.number(),
  outageSeconds: z.number(),
  outages: z.number(),
  alarms: z.number(),
});
export type CameraDayRow = z.infer<typeof cameraDayRow>;

export const cameraRunReport = z.object({
  days: z.array(z.string()),
  rows: z.array(cameraDayRow),
});
export type CameraRunReport = z.infer<typeof cameraRunReport>;

/** One algorithm on one day. */
export const algorithmDayRow = z.object({
  day: z.string(),
  algorithmId: z.number(),
  algorithmName: z.string(),
  alarms: z.number(),
  falsePositives: z.number(),
  cameras: z.number(),
  /** Mean availability of its cameras that day (those observed), null when none was. */
  availability: z.number().nullable(),
});
export type AlgorithmDayRow = z.infer<typeof algorithmDayRow>;

export const algorithmRunReport = z.object({
  days: z.array(z.string()),
  rows: z.array(algorithmDayRow),
});
export type AlgorithmRunReport = z.infer<typeof algorithmRunReport>;

// ---------------------------------------------------------------------------------------------
// Maintenance windows

const windowTime = z.iso.datetime({ offset: true, error: 'field.required' });

export const maintenanceCreate = z
  .object({
    /** null or absent: every camera. */
    cameraId: recordId().nullable().optional(),
    startsAt: windowTime,
    endsAt: windowTime,
    reason: z.string().trim().max(200).default(''),
  })
  .superRefine((value, ctx) => {
    const start = Date.parse(value.startsAt);
    const end = Date.parse(value.endsAt);
    if (!(end > start))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'runReport.endNotAfterStart' });
    else if (end - start > MAINTENANCE_MAX_DAYS * DAY_MS)
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'runReport.windowTooLong' });
  });
export type MaintenanceCreate = z.input<typeof maintenanceCreate>;

export const maintenanceListQuery = pageQuery.extend({
  startTime: z.iso.datetime({ offset: true }).optional(),
  endTime: z.iso.datetime({ offset: true }).optional(),
  cameraId: recordId().optional(),
});
export type MaintenanceListQuery = z.input<typeof maintenanceListQuery>;

export const maintenanceWindowRow = z.object({
  id: z.number(),
  cameraId: z.number().nullable(),
  cameraName: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type MaintenanceWindowRow = z.infer<typeof maintenanceWindowRow>;

export const maintenanceListResult = z.object({ list: z.array(maintenanceWindowRow), count: z.number() });
export type MaintenanceListResult = z.infer<typeof maintenanceListResult>;

export const maintenanceIdParams = z.object({ id: recordId() });

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_RUN_REPORTS_MESSAGES = {
  'runReport.rangeTooLong': { en: 'The range can be at most 92 days', 'zh-CN': '时间范围不能超过92天' },
  'runReport.endNotAfterStart': {
    en: 'The end must be after the start',
    'zh-CN': '结束时间必须晚于开始时间',
  },
  'runReport.windowTooLong': {
    en: 'A maintenance window lasts at most 31 days',
    'zh-CN': '维护窗口最长31天',
  },
  'runReport.unknownCamera': { en: 'The camera does not exist', 'zh-CN': '摄像机不存在' },
} as const;
