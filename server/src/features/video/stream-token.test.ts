import { describe, expect, it } from 'vitest';
import { signStreamToken, verifyStreamToken } from './stream-token.ts';

const SECRET = 'unit-test-secret';
const NOW = Date.parse('2026-05-01T08:00:00Z');
const claims = { stream: 'CAM-001', accountId: 7, expires: NOW / 1000 + 60 };

/** Every other last character of the signature: each must be refused. */
const lastCharVariants = (token: string) =>
  [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_']
    .filter((c) => c !== token.at(-1))
    .map((c) => `${token.slice(0, -1)}${c}`);

describe('stream tokens', () => {
  it('accept the signed stream, account and expiry, until it expires', () => {
    const token = signStreamToken(SECRET, claims);
    expect(verifyStreamToken(SECRET, 'CAM-001', token, NOW)).toEqual({
      ok: true,
      accountId: 7,
      expires: claims.expires,
    });
    expect(verifyStreamToken(SECRET, 'CAM-001', token, claims.expires * 1000)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuse another stream, another secret, a changed account or expiry, and garbage', () => {
    const token = signStreamToken(SECRET, claims);
    expect(verifyStreamToken(SECRET, 'CAM-002', token, NOW)).toMatchObject({ reason: 'signature' });
    expect(verifyStreamToken('other', 'CAM-001', token, NOW)).toMatchObject({ reason: 'signature' });
    expect(verifyStreamToken(SECRET, 'CAM-001', token.replace(/^7\./, '8.'), NOW)).toMatchObject({
      reason: 'signature',
    });
    const later = token.replace(`.${claims.expires}.`, `.${claims.expires + 3600}.`);
    expect(verifyStreamToken(SECRET, 'CAM-001', later, NOW)).toMatchObject({ reason: 'signature' });
    for (const bad of [undefined, '', 'x', '7.1.short', `${token}x`]) {
      expect(verifyStreamToken(SECRET, 'CAM-001', bad, NOW)).toMatchObject({ ok: false });
    }
  });

  it('refuse every change of the last signature character (its two unused bits included)', () => {
    // Many accounts: signatures ending in every possible last character.
    for (let accountId = 1; accountId <= 64; accountId += 1) {
      const token = signStreamToken(SECRET, { ...claims, accountId });
      for (const changed of lastCharVariants(token)) {
        expect(verifyStreamToken(SECRET, 'CAM-001', changed, NOW).ok).toBe(false);
      }
    }
  });
});
