import { randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN, passwordKinds } from '@sentinel/contract';

/**
 * argon2id (the library's default algorithm; `Algorithm` is an ambient const enum that
 * verbatimModuleSyntax cannot import) with 19 MiB, t=2, p=1: OWASP's recommendation.
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A hash nobody's password matches: verified against for unknown accounts (equal timing). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('sentinel-dummy-password-for-timing');
  return dummyHash;
}

const SETS = ['abcdefghijkmnopqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '!@#$%^&*-_=+?'];

/** A random password that satisfies the strict rule (SPEC §5): 20 characters, all four kinds. */
export function generatePassword(length = 20): string {
  const size = Math.min(Math.max(length, PASSWORD_MIN), PASSWORD_MAX);
  const all = SETS.join('');
  const chars = SETS.map((set) => set[randomInt(set.length)] as string);
  while (chars.length < size) chars.push(all[randomInt(all.length)] as string);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] as string, chars[i] as string];
  }
  const password = chars.join('');
  if (passwordKinds(password) < 4) return generatePassword(length);
  return password;
}
