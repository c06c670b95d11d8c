/** Self-check (issue 14), image-checks: schemas, API paths and messages. */
import { z } from 'zod';

const BASE = '/api/v2/backend';
/** Paths under the API prefix (the server registers them without it). */
export const IMAGE_CHECK_ROUTES = {
  alarms: '/self-check/images/alarms',
  events: '/self-check/images/events',
  run: '/self-check/images/run',
} as const;

export const IMAGE_CHECK_API = {
  /** POST: the alarms' image checks of one camera, image type and time range (alarmImg). */
  alarms: `${BASE}${IMAGE_CHECK_ROUTES.alarms}`,
  /** POST: the history events' image checks (eventImg). */
  events: `${BASE}${IMAGE_CHECK_ROUTES.events}`,
  /** POST: runs the checker once now (follows new alarms and events by id). */
  run: `${BASE}${IMAGE_CHECK_ROUTES.run}`,
} as const;

export const imageCheckSources = ['alarm', 'event'] as const;
export const imageCheckTypes = ['original', 'drawn', 'event'] as const;
export const imageCheckProblems = ['missing', 'unreadable', 'wrongType', 'tooLarge'] as const;
/** The page's image type filter: one type, or every problem whatever the type. */
export const imageCheckTypeFilters = ['original', 'drawn', 'event', 'allProblems'] as const;

/** Camera, image type and time are required (SPEC §5); the server answers 400 'imageCheck.required'. */
export const imageCheckListQuery = z.object({
  cameraId: z.coerce.number().int().positive().optional(),
  imageType: z.enum(imageCheckTypeFilters).optional(),
  startTime: z.string().max(40).optional(),
  endTime: z.string().max(40).optional(),
  problemOnly: z.boolean().optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type ImageCheckListQuery = z.infer<typeof imageCheckListQuery>;

export const imageCheckRow = z.object({
  id: z.number(),
  source: z.enum(imageCheckSources),
  recordId: z.number(),
  cameraId: z.number().nullable(),
  cameraName: z.string(),
  imageType: z.enum(imageCheckTypes),
  occurredAt: z.string(),
  checkedAt: z.string(),
  /** The image's media URL ('' when there is no path). */
  url: z.string(),
  problem: z.enum(imageCheckProblems).nullable(),
  bytes: z.number().nullable(),
  mime: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type ImageCheckRow = z.infer<typeof imageCheckRow>;

export const imageCheckListResult = z.object({
  total: z.number(),
  rows: z.array(imageCheckRow),
  /** Counts per problem ('sound' for none) over the whole filter. */
  counts: z.record(z.string(), z.number()),
});
export type ImageCheckListResult = z.infer<typeof imageCheckListResult>;

export const imageCheckRunResult = z.object({ checked: z.number() });

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_IMAGE_CHECKS_MESSAGES = {
  'imageCheck.required': {
    en: 'Camera, image type and time are required',
    'zh-CN': '摄像机，图片类型，时间是必选项！',
  },
} as const;
