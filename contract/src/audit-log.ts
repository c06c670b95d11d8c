import { z } from 'zod';
import { pageQuery } from './validators.ts';

/**
 * The audit log (/systemSettings/bizLog, "user behaviour log", issue 6 item 5): every change made
 * by any user — who, what, which record, before and after, when, from which address. Read-only
 * through the API: no route edits or deletes entries. The paths are ours (not shown in the SPEC).
 *
 * Access: the menu `bizLog` (grantable in MENU_TREE; `admin` holds it) for the list and actions;
 * the button `bizLog:export` for the export.
 */
export const AUDIT_LOG_API = {
  /** POST { page, limit, accountName?, action?, startTime?, endTime? } → { list, count }, newest first. */
  list: '/api/v2/backend/log/biz/list',
  /** GET → the distinct actions recorded (for the action filter), sorted. */
  actions: '/api/v2/backend/log/biz/actions',
  /**
   * GET ?accountName&action&startTime&endTime&timeZone → an xlsx download (at most
   * AUDIT_EXPORT_MAX_ROWS rows, newest first), with the caller's language in the header row.
   */
  export: '/api/v2/backend/log/biz/export',
} as const;

/** The export stops after this many entries (newest first). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/**
 * Filters shared by the list and the export. `accountName` matches contains (case-insensitive);
 * `action` matches exactly; times are ISO 8601 (or epoch ms / seconds) and bound `createdAt`
 * inclusively.
 */
export const auditFilters = z.object({
  accountName: z.string().trim().max(64).optional(),
  action: z.string().trim().max(200).optional(),
  startTime: z.string().trim().max(40).optional(),
  endTime: z.string().trim().max(40).optional(),
});
export type AuditFilters = z.infer<typeof auditFilters>;

export const auditListQuery = pageQuery.extend(auditFilters.shape);

/** The export's query: the filters, and the IANA time zone to write times in (default: server's). */
export const auditExportQuery = auditFilters.extend({
  timeZone: z
    .string()
    .trim()
    .max(64)
    .refine(
      (value) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: value });
          return true;
        } catch {
          return false;
        }
      },
      { error: 'field.invalid' },
    )
    .optional(),
});
export type AuditExportQuery = z.infer<typeof auditExportQuery>;
export type AuditListQuery = z.infer<typeof auditListQuery>;

export const auditItem = z.object({
  id: z.number().int(),
  /** '' for entries without a user (e.g. a failed login of an unknown name). */
  accountName: z.string(),
  /**
   * e.g. `login.success`, `role.update`, or — for changes with no explicit entry — the
   * safety net's `<METHOD> <route url>` such as `PUT /api/v2/backend/scene`.
   */
  action: z.string(),
  /** The record concerned (e.g. `role:3`, or the route's params as `id=5`). */
  target: z.string(),
  /** { before?, after? } and other facts; password and token fields are never stored. */
  detail: z.record(z.string(), z.unknown()),
  /** The caller's address. */
  ip: z.string(),
  createdAt: z.string(),
});
export type AuditItem = z.infer<typeof auditItem>;

export const auditListResult = z.object({ list: z.array(auditItem), count: z.number().int() });
export type AuditListResult = z.infer<typeof auditListResult>;

export const auditActions = z.array(z.string());
