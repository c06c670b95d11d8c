import { describe, expect, it } from 'vitest';
import { MASK, redactConfig } from './redact.ts';

describe('configuration redaction', () => {
  it('masks secrets by key and removes URL credentials, keeping the rest', () => {
    const out = redactConfig({
      databaseUrl: 'postgres://sentinel:db-pass-1@db.example:5432/sentinel',
      redisUrl: 'redis://:redis-pass-2@cache:6379/0',
      streamSigningSecret: 'stream-secret-3',
      smtp: { host: 'mail.example', port: 587, user: 'alerts', password: 'smtp-pass-4' },
      engineKey: 'engine-key-5',
      apiToken: 'token-6',
      sessionIdleMs: 1_800_000,
      appName: 'Sentinel',
      trustProxy: false,
      now: () => new Date(),
      nested: { list: ['http://u:list-pass-7@h/x', 'plain'] },
    });
    const text = JSON.stringify(out);
    for (const secret of [
      'db-pass-1',
      'redis-pass-2',
      'stream-secret-3',
      'smtp-pass-4',
      'engine-key-5',
      'token-6',
      'list-pass-7',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(out).toMatchObject({
      databaseUrl: 'postgres://***@db.example:5432/sentinel',
      redisUrl: 'redis://***@cache:6379/0',
      streamSigningSecret: MASK,
      smtp: { host: 'mail.example', port: 587, user: 'alerts', password: MASK },
      sessionIdleMs: 1_800_000,
      appName: 'Sentinel',
      trustProxy: false,
    });
    expect(text).not.toContain('"now"');
  });
});
