/** Self-check (issue 14), protocol: schemas, API paths and messages. */

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_PROTOCOL_MESSAGES = {} as const;
