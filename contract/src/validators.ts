import { z } from 'zod';

/**
 * Field validators shared by server and web, with the SPEC §5 messages as message codes
 * (see messages.ts). Use them in every domain schema instead of writing the rules again.
 */
const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

export const requiredText = (max = 100, message: string = 'field.required') =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: 'field.tooLong' });

export const optionalText = (max = 500) =>
  z.string({ error: 'field.invalid' }).trim().max(max, { error: 'field.tooLong' }).default('');

export const ipAddress = z.string({ error: 'field.ip' }).trim().regex(IPV4, { error: 'field.ip' });

export const port = z.coerce
  .number({ error: 'field.port' })
  .int({ error: 'field.port' })
  .min(1, { error: 'field.port' })
  .max(65535, { error: 'field.port' });

/** Mobile phone: 11 digits starting with 1 (SPEC §5). */
export const phone = z
  .string({ error: 'field.phone' })
  .trim()
  .regex(/^1\d{10}$/, { error: 'field.phone' });

export const email = z.string({ error: 'field.email' }).trim().email({ error: 'field.email' }).max(100);

export const positiveInt = z.coerce
  .number({ error: 'field.positiveInt' })
  .int({ error: 'field.positiveInt' })
  .positive({ error: 'field.positiveInt' });

export const longitude = z.coerce
  .number({ error: 'field.longitude' })
  .min(-180, { error: 'field.longitude' })
  .max(180, { error: 'field.longitude' });

export const latitude = z.coerce
  .number({ error: 'field.latitude' })
  .min(-90, { error: 'field.latitude' })
  .max(90, { error: 'field.latitude' });

/** `POST …/list` bodies: page, limit (10, 20, 30, 50) and filters (ARCHITECTURE "Lists"). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce
    .number()
    .int()
    .refine((v) => [10, 20, 30, 50].includes(v), { error: 'field.invalid' })
    .default(10),
});

/** Alarm priority codes (SPEC §4): 120001 hint, 120002 general, 120003 serious, 120004 urgent. */
export const PRIORITY_CODES = [120001, 120002, 120003, 120004] as const;
export const priorityCode = z.union(PRIORITY_CODES.map((code) => z.literal(code)));
