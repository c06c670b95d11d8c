import { describe, expect, it } from 'vitest';
import { createResultCache } from './result-cache.ts';

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('result cache', () => {
  it('answers from the cache until its time is up, then loads again', async () => {
    const clock = { t: 0 };
    const cache = createResultCache(5_000, () => clock.t);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    clock.t = 4_999;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('other', load)).toBe(2);
    clock.t = 5_000;
    expect(await cache.get('k', load)).toBe(3);
  });

  it('shares one load between concurrent callers', async () => {
    const cache = createResultCache(5_000);
    const gate = deferred<number>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const both = Promise.all([cache.get('k', load), cache.get('k', load)]);
    gate.resolve(7);
    expect(await both).toEqual([7, 7]);
    expect(loads).toBe(1);
  });

  it('clear() forgets every answer, and a load that was running is not kept', async () => {
    const cache = createResultCache(5_000);
    expect(await cache.get('k', async () => 'before')).toBe('before');
    cache.clear();
    expect(cache.size).toBe(0);
    const running = deferred<string>();
    const early = cache.get('k', () => running.promise);
    cache.clear(); // the data changed while that load was reading
    expect(await cache.get('k', async () => 'after')).toBe('after');
    running.resolve('stale');
    expect(await early).toBe('stale');
    expect(await cache.get('k', async () => 'unused')).toBe('after');
  });

  it('does not remember a failed load', async () => {
    const cache = createResultCache(5_000);
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('with a time of 0 always loads', async () => {
    const cache = createResultCache(0);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});
