import { describe, expect, it } from 'vitest';
import { createReadRounds } from './read-rounds.ts';

/** A load that counts its runs and finishes when told to, answering its run number. */
function gatedLoad() {
  let runs = 0;
  const opens: (() => void)[] = [];
  return {
    get runs() {
      return runs;
    },
    /** Lets the oldest unfinished run finish. */
    finish: () => opens.shift()?.(),
    load: async () => {
      const run = ++runs;
      await new Promise<void>((resolve) => opens.push(resolve));
      return run;
    },
    failing: async () => {
      ++runs;
      await new Promise<void>((resolve) => opens.push(resolve));
      throw new Error('read failed');
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('read rounds', () => {
  it('runs a lone read at once, and callers during it share ONE next round that starts after it', async () => {
    const rounds = createReadRounds();
    const g = gatedLoad();
    const first = rounds.run('page', g.load);
    await settle();
    expect(g.runs).toBe(1);
    // Three callers while the first read runs: none may get its answer (it began before they asked).
    const later = [rounds.run('page', g.load), rounds.run('page', g.load), rounds.run('page', g.load)];
    await settle();
    expect(g.runs).toBe(1);
    g.finish();
    expect(await first).toBe(1);
    await settle();
    expect(g.runs).toBe(2);
    g.finish();
    expect(await Promise.all(later)).toEqual([2, 2, 2]);
    await settle();
    expect(rounds.running).toBe(0);
  });

  it('keeps keys apart', async () => {
    const rounds = createReadRounds();
    const a = gatedLoad();
    const b = gatedLoad();
    const pa = rounds.run('a', a.load);
    const pb = rounds.run('b', b.load);
    await settle();
    expect([a.runs, b.runs]).toEqual([1, 1]);
    expect(rounds.running).toBe(2);
    a.finish();
    b.finish();
    expect(await Promise.all([pa, pb])).toEqual([1, 1]);
  });

  it("gives a round's error to its callers only, and still runs the next round", async () => {
    const rounds = createReadRounds();
    const g = gatedLoad();
    const failed = rounds.run('page', g.failing);
    await settle();
    const next = rounds.run('page', g.load);
    g.finish();
    await expect(failed).rejects.toThrow('read failed');
    await settle();
    g.finish();
    expect(await next).toBe(2);
    expect(rounds.running).toBe(0);
  });

  it('after a round ends with no one waiting, the next caller starts a fresh one', async () => {
    const rounds = createReadRounds();
    const g = gatedLoad();
    const one = rounds.run('page', g.load);
    await settle();
    g.finish();
    expect(await one).toBe(1);
    await settle();
    const two = rounds.run('page', g.load);
    await settle();
    expect(g.runs).toBe(2);
    g.finish();
    expect(await two).toBe(2);
  });
});
