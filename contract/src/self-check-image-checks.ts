/** Self-check (issue 14), image-checks: schemas, API paths and messages. */

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_IMAGE_CHECKS_MESSAGES = {} as const;
