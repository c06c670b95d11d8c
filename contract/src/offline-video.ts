import { z } from 'zod';
import { idNumber, intField, pageQuery, recordId } from './validators.ts';

/**
 * Offline video analysis (/offLineVideo/offLineVideoSet, issue 5 item 6). SPEC §7 shows
 * `PUT api/v2/backend/offlineVideoAnalysis` (start an analysis) and
 * `DELETE api/v2/backend/offlineVideoAnalysis/{a}/{b}` (here `{id}/{accountId}`: the analysis and
 * the caller's own account id, as the stream url call takes it). The upload, list, detail and the
 * engines' calls are not shown in the SPEC and are ours.
 */
export const OFFLINE_VIDEO_API = {
  /** POST multipart field `file`: a video checked by its content (MP4/MOV, FLV, MPEG-TS). */
  upload: '/api/v2/backend/offlineVideoAnalysis/upload',
  /** PUT { name, fileId | url, algorithmIds } → the new analysis (SPEC §7). */
  create: '/api/v2/backend/offlineVideoAnalysis',
  /** POST { page, limit, keyword?, state? } → { list, count }. */
  list: '/api/v2/backend/offlineVideoAnalysis/list',
  /** GET → one analysis with its events. */
  detail: (id: number) => `/api/v2/backend/offlineVideoAnalysis/${id}`,
  /** DELETE (SPEC §7: `offlineVideoAnalysis/{a}/{b}`): the analysis, its video and its images. */
  remove: (id: number, accountId: number) => `/api/v2/backend/offlineVideoAnalysis/${id}/${accountId}`,
  /** The engine interface (x-engine-key, as the alarm ingest). */
  engineClaim: '/api/v2/backend/ingest/offlineVideoAnalysis/claim',
  engineVideo: (id: number) => `/api/v2/backend/ingest/offlineVideoAnalysis/${id}/video`,
  engineProgress: (id: number) => `/api/v2/backend/ingest/offlineVideoAnalysis/${id}/progress`,
  engineEvent: (id: number) => `/api/v2/backend/ingest/offlineVideoAnalysis/${id}/event`,
  engineFinish: (id: number) => `/api/v2/backend/ingest/offlineVideoAnalysis/${id}/finish`,
} as const;

/** Video containers accepted (checked by content, not by the file name). */
export const OFFLINE_VIDEO_FORMATS = ['mp4', 'flv', 'ts'] as const;
export const offlineVideoFormat = z.enum(OFFLINE_VIDEO_FORMATS);
export type OfflineVideoFormat = z.infer<typeof offlineVideoFormat>;
/** What the file picker offers (the server still checks the content). */
export const OFFLINE_VIDEO_ACCEPT =
  '.mp4,.mov,.m4v,.flv,.ts,video/mp4,video/quicktime,video/x-flv,video/mp2t';
/** Default upload limit (the server's OFFLINE_VIDEO_MAX_MB); the web reads the real one from the upload answer. */
export const OFFLINE_VIDEO_DEFAULT_MAX_MB = 512;
/** At most this many algorithms per analysis. */
export const OFFLINE_VIDEO_MAX_ALGORITHMS = 20;

/** 0 waiting for an engine, 1 analyzing, 2 finished, 3 failed. */
export const OFFLINE_STATE = { waiting: 0, analyzing: 1, finished: 2, failed: 3 } as const;
export const offlineState = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type OfflineState = z.infer<typeof offlineState>;

/** An uploaded video not yet given to an analysis (kept 24 h). */
export const offlineUpload = z.object({
  fileId: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  format: offlineVideoFormat,
  /** Seconds, when the container tells it (MP4 and FLV); null otherwise. */
  durationSeconds: z.number().nullable(),
  /** The server's upload limit in bytes. */
  maxBytes: z.number().int(),
});
export type OfflineUpload = z.infer<typeof offlineUpload>;

const videoUrl = z
  .string()
  .trim()
  .min(1, 'field.required')
  .max(2000, 'field.tooLong')
  .refine((value) => /^(https?|rtsp|rtmp):\/\/[^\s/]+/i.test(value), 'offlineVideo.urlInvalid');

/** PUT offlineVideoAnalysis: a name, exactly one source (an uploaded file or a URL), algorithms. */
export const offlineAnalysisCreate = z
  .object({
    name: z.string().trim().min(1, 'field.required').max(64, 'field.tooLong'),
    fileId: idNumber().optional(),
    url: videoUrl.optional(),
    algorithmIds: z
      .array(idNumber())
      .min(1, 'offlineVideo.algorithmRequired')
      .max(OFFLINE_VIDEO_MAX_ALGORITHMS, 'field.invalid'),
  })
  .refine((body) => (body.fileId === undefined) !== (body.url === undefined), {
    message: 'offlineVideo.sourceRequired',
    path: ['fileId'],
  });
export type OfflineAnalysisCreate = z.infer<typeof offlineAnalysisCreate>;

export const offlineAnalysisListQuery = pageQuery.extend({
  keyword: z.string().trim().max(64).optional(),
  state: offlineState.optional(),
});
export type OfflineAnalysisListQuery = z.infer<typeof offlineAnalysisListQuery>;

export const offlineAlgorithmRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const offlineAnalysisItem = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.enum(['file', 'url']),
  /** The uploaded file's original name, or the URL. */
  sourceName: z.string(),
  /** Where the browser plays the uploaded video ('' for a URL source). */
  videoUrl: z.string(),
  format: offlineVideoFormat.nullable(),
  size: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  algorithms: z.array(offlineAlgorithmRef),
  state: offlineState,
  /** 0–100. */
  progress: z.number().int(),
  /** Why it failed (state 3), as the engine said it. */
  error: z.string(),
  eventCount: z.number().int(),
  engineName: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type OfflineAnalysisItem = z.infer<typeof offlineAnalysisItem>;

export const offlineAnalysisListResult = z.object({
  list: z.array(offlineAnalysisItem),
  count: z.number().int(),
});
export type OfflineAnalysisListResult = z.infer<typeof offlineAnalysisListResult>;

export const offlineAnalysisEvent = z.object({
  id: z.number().int(),
  algorithmId: z.number().int().nullable(),
  algorithmName: z.string(),
  /** Seconds from the start of the video. */
  offsetSeconds: z.number(),
  result: z.string(),
  imageUrl: z.string(),
  createdAt: z.string(),
});
export type OfflineAnalysisEvent = z.infer<typeof offlineAnalysisEvent>;

/** At most this many events are answered with an analysis (the newest are dropped past it). */
export const OFFLINE_EVENTS_LIMIT = 500;

export const offlineAnalysisDetail = offlineAnalysisItem.extend({
  events: z.array(offlineAnalysisEvent),
});
export type OfflineAnalysisDetail = z.infer<typeof offlineAnalysisDetail>;

export const offlineAnalysisIdParams = z.object({ id: recordId() });
export const offlineAnalysisDeleteParams = z.object({
  id: recordId(),
  accountId: recordId(),
});

/* ---- The engine interface ---- */

/** What a claiming engine receives: the video (download with its key, or the URL) and algorithms. */
export const offlineEngineJob = z.object({
  id: z.number().int(),
  name: z.string(),
  source: z.enum(['file', 'url']),
  /** For 'file': the engine's download path (x-engine-key); for 'url': the URL as given. */
  videoUrl: z.string(),
  format: offlineVideoFormat.nullable(),
  durationSeconds: z.number().nullable(),
  algorithms: z.array(offlineAlgorithmRef),
});
export type OfflineEngineJob = z.infer<typeof offlineEngineJob>;
export const offlineClaimResult = z.object({ job: offlineEngineJob.nullable() });

export const offlineProgressBody = z.object({ progress: intField().max(100) });
export const offlineFinishBody = z.object({
  state: z.enum(['finished', 'failed']),
  error: z.string().max(500).optional(),
});
/** Multipart fields of an engine's event (the image is the file field `image`). */
export const offlineEventFields = z.object({
  algorithmId: recordId().optional(),
  algorithmCode: z.string().max(64).optional(),
  offsetSeconds: z.coerce
    .number()
    .min(0)
    .max(7 * 86_400),
  result: z.string().max(500).default(''),
});
/** A job not heard from (claim, progress, event) for this long is handed to the next claiming engine. */
export const OFFLINE_STALE_MS = 5 * 60_000;
