/** Self-check (issue 14), queues: schemas, API paths and messages. */

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_QUEUES_MESSAGES = {} as const;
