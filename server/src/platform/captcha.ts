import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/client.ts';
import { captcha } from '../db/schema/index.ts';

export const CAPTCHA_TTL_MS = 5 * 60_000;

const hashCode = (code: string) => createHash('sha256').update(code.trim().toLowerCase()).digest('hex');

/**
 * A 4-character captcha stored in the database (several instances share it), compared
 * case-insensitively. With `testCode` (test-only setting) every captcha's code is that value.
 */
export async function createCaptcha(
  db: Db,
  now: Date,
  testCode?: string,
): Promise<{ key: string; svg: string }> {
  const image = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1iIlL',
    color: true,
    background: '#f5f7fa',
  });
  const code = testCode ?? image.text;
  const key = randomUUID();
  await db.insert(captcha).values({
    key,
    codeHash: hashCode(code),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_MS),
  });
  // Housekeeping: drop captchas that expired more than an hour ago.
  await db.delete(captcha).where(lt(captcha.expiresAt, new Date(now.getTime() - 3_600_000)));
  return { key, svg: image.data };
}

/** Consume the captcha (single use, right or wrong) and say whether the code matched in time. */
export async function consumeCaptcha(db: Db, key: string, code: string, now: Date): Promise<boolean> {
  const [row] = await db
    .update(captcha)
    .set({ usedAt: now })
    .where(and(eq(captcha.key, key), isNull(captcha.usedAt)))
    .returning({ codeHash: captcha.codeHash, expiresAt: captcha.expiresAt });
  if (!row) return false;
  if (row.expiresAt.getTime() <= now.getTime()) return false;
  return row.codeHash === hashCode(code);
}
