import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/**
 * Signed, short-lived live stream addresses bound to a camera and an account (issue 5 §2): a
 * copied address stops working when it expires, and cannot be moved to another camera or account.
 *
 * The token is `<accountId>.<expires epoch s>.<signature>` where the signature is
 * HMAC-SHA256(secret, `<stream>|<accountId>|<expires>`) in base64url; `stream` names what is played
 * (the camera's stream key). Every instance must share the secret: STREAM_SIGNING_SECRET, or the
 * file DATA_DIR/stream-secret (created at first start; several instances share DATA_DIR).
 */
export interface StreamClaims {
  stream: string;
  accountId: number;
  /** Epoch seconds. */
  expires: number;
}

const sign = (secret: string, stream: string, accountId: number, expires: number) =>
  createHmac('sha256', secret).update(`${stream}|${accountId}|${expires}`).digest('base64url');

export function signStreamToken(secret: string, claims: StreamClaims): string {
  return `${claims.accountId}.${claims.expires}.${sign(secret, claims.stream, claims.accountId, claims.expires)}`;
}

export type StreamTokenCheck =
  | { ok: true; accountId: number; expires: number }
  | { ok: false; reason: 'malformed' | 'expired' | 'signature' };

/** Checks a token for `stream` at `nowMs`. */
export function verifyStreamToken(
  secret: string,
  stream: string,
  token: string | undefined,
  nowMs: number,
): StreamTokenCheck {
  const match = /^(\d{1,12})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? '');
  if (!match) return { ok: false, reason: 'malformed' };
  const accountId = Number(match[1]);
  const expires = Number(match[2]);
  // Compared as text, not as decoded bytes: the last of the 43 characters carries two unused
  // bits, so a decoded comparison would accept a changed character as the same signature.
  const given = Buffer.from(match[3] ?? '', 'latin1');
  const expected = Buffer.from(sign(secret, stream, accountId, expires), 'latin1');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  if (expires * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, accountId, expires };
}

/** The configured secret, or the one kept in DATA_DIR/stream-secret (created once). */
export function loadStreamSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'stream-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch {
    // Another instance created it first.
    return readFileSync(file, 'utf8').trim();
  }
}

const secrets = new WeakMap<FastifyInstance, string>();

/** This app's signing secret (config, or DATA_DIR/stream-secret), read once. */
export function streamSecretOf(app: FastifyInstance): string {
  let secret = secrets.get(app);
  if (!secret) {
    secret = loadStreamSecret(app.appConfig.streamSigningSecret, app.appConfig.dataDir);
    secrets.set(app, secret);
  }
  return secret;
}
