import { ALARM_API } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { backends, createAccount, login, useTestApp } from '../test/helpers.ts';
import { createReadLimiter } from './read-limiter.ts';

/** A task that finishes when told to. */
function gate<T>(value: T) {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open,
    task: async () => {
      await opened;
      return value;
    },
  };
}

describe('read limiter', () => {
  it('runs at most max tasks at once, queues the rest in order, and drops none', async () => {
    const limiter = createReadLimiter(2);
    const gates = Array.from({ length: 5 }, (_, i) => gate(i));
    const started: number[] = [];
    const results = gates.map((g, i) =>
      limiter.run(() => {
        started.push(i);
        return g.task();
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.active).toBe(2);
    expect(limiter.waiting).toBe(3);

    gates[1]?.open();
    await results[1];
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect(limiter.active).toBe(2);

    for (const g of gates) g.open();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(limiter.active).toBe(0);
    expect(limiter.waiting).toBe(0);
  });

  it('frees the slot of a task that fails', async () => {
    const limiter = createReadLimiter(1);
    await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'next')).toBe('next');
    expect(limiter.active).toBe(0);
  });

  it('refuses a bound below one', () => {
    expect(() => createReadLimiter(0)).toThrow();
  });
});

describe.each(backends)('heavy-read bound on the alarm list on %s', (backend) => {
  const t = useTestApp(backend, { readConcurrency: 1 });

  it('answers every one of many concurrent list calls (queued, none refused)', async () => {
    const token = await login(t.app, await createAccount(t.app, { roles: ['admin'] }));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: ALARM_API.list,
          headers: { token, lang: 'en' },
          payload: { page: 1 + (i % 3), limit: 20 },
        }),
      ),
    );
    expect(answers.map((res) => [res.statusCode, res.json().status])).toEqual(
      Array.from({ length: 12 }, () => [200, 0]),
    );
    expect(t.app.heavyReads).toMatchObject({ max: 1, active: 0, waiting: 0 });
  });
});
