/** Self-check (issue 14), run-reports: schemas, API paths and messages. */

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_RUN_REPORTS_MESSAGES = {} as const;
