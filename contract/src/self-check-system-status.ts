/** Self-check (issue 14), system-status: schemas, API paths and messages. */

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_SYSTEM_STATUS_MESSAGES = {} as const;
