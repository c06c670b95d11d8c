import { z } from 'zod';
import { PAGE_SIZES } from './envelope.ts';

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

/**
 * The largest value of PostgreSQL's `integer`: every id column and every integer column the API
 * writes is `integer`, so no number the API accepts may pass it (a larger one would reach the
 * database and be refused there as a server error instead of a field error).
 */
export const MAX_INT4 = 2_147_483_647;

export const positiveInt = z.coerce
  .number({ error: 'field.positiveInt' })
  .int({ error: 'field.positiveInt' })
  .positive({ error: 'field.positiveInt' })
  .max(MAX_INT4, { error: 'field.positiveInt' });

/**
 * A record id in a path, a query or a form field (text coerced to a number): 1 … 2³¹−1. Use it
 * for every id the API takes, so an id no row can have answers 400 with the field, never 500.
 */
export const recordId = (message = 'field.invalid') =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_INT4, { error: message });

/** A record id in a JSON body: a number (not text), 1 … 2³¹−1. */
export const idNumber = (message = 'field.invalid') =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(1, { error: message })
    .max(MAX_INT4, { error: message });

/** A non-negative integer stored in an `integer` column (versions, counters): 0 … 2³¹−1. */
export const intField = (message = 'field.invalid') =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(MAX_INT4, { error: message });

export const longitude = z.coerce
  .number({ error: 'field.longitude' })
  .min(-180, { error: 'field.longitude' })
  .max(180, { error: 'field.longitude' });

export const latitude = z.coerce
  .number({ error: 'field.latitude' })
  .min(-90, { error: 'field.latitude' })
  .max(90, { error: 'field.latitude' });

/** A list's page size: 10, 20, 30 or 50 (SPEC §9), default 10. */
export const pageSize = z.coerce
  .number()
  .int()
  .refine((v) => (PAGE_SIZES as readonly number[]).includes(v), { error: 'field.invalid' })
  .default(10);

/** `POST …/list` bodies: page, limit (10, 20, 30, 50) and filters (ARCHITECTURE "Lists"). */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_INT4).default(1),
  limit: pageSize,
});

/** Alarm priority codes (SPEC §4): 120001 hint, 120002 general, 120003 serious, 120004 urgent. */
export const PRIORITY_CODES = [120001, 120002, 120003, 120004] as const;
export const priorityCode = z.union(PRIORITY_CODES.map((code) => z.literal(code)));
