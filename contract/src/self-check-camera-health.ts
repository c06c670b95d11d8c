/** Self-check (issue 14), camera-health: schemas, API paths and messages. */

/** This area's messages (spread into MESSAGES, messages.ts). */
export const SELF_CHECK_CAMERA_HEALTH_MESSAGES = {} as const;
