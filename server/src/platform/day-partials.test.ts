import { integer, pgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { dayPartialKind } from './day-partial-kind.ts';
import { createDayPartials } from './day-partials.ts';
import { DAY_MS, splitOnDays } from './day-split.ts';

const H = 3_600_000;
const MIDNIGHT = Date.parse('2025-03-10T00:00:00Z');

/** A load the test finishes by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

describe('split on the viewer’s midnights', () => {
  it('whole closed days kept, the head, today and a partial last day live', () => {
    const split = splitOnDays(
      MIDNIGHT - 2 * DAY_MS + 5 * H,
      MIDNIGHT + DAY_MS + 3 * H,
      0,
      MIDNIGHT + DAY_MS + 10 * H,
    );
    expect(split.originMs).toBe(MIDNIGHT - 2 * DAY_MS);
    expect(split.closed).toEqual([MIDNIGHT - DAY_MS, MIDNIGHT]);
    expect(split.live).toEqual([
      [MIDNIGHT - 2 * DAY_MS + 5 * H, MIDNIGHT - DAY_MS],
      [MIDNIGHT + DAY_MS, MIDNIGHT + DAY_MS + 3 * H + 1],
    ]);
  });

  it('uses the viewer’s midnight (UTC+8) and keeps a day ending at .999 whole', () => {
    const east = MIDNIGHT - 8 * H;
    const split = splitOnDays(east, east + 2 * DAY_MS - 1, 480, east + 3 * DAY_MS);
    expect(split.closed).toEqual([east, east + DAY_MS]);
    expect(split.live).toEqual([]);
    // Not over yet: live.
    expect(splitOnDays(east, east + DAY_MS - 1, 480, east + DAY_MS - 1).live).toEqual([
      [east, east + DAY_MS],
    ]);
  });
});

describe('day partials cache', () => {
  const days = [MIDNIGHT - DAY_MS, MIDNIGHT];
  const loader = () => {
    const asked: number[][] = [];
    const load = async (missing: number[]) => {
      asked.push(missing);
      return new Map(missing.map((d) => [d, `day ${d} #${asked.length}`]));
    };
    return { asked, load };
  };

  it('loads the missing days at once, then answers them from memory', async () => {
    const cache = createDayPartials();
    const { asked, load } = loader();
    await cache.get('k', 'a', days.slice(0, 1), load);
    const answer = await cache.get('k', 'a', days, load);
    expect(asked).toEqual([[days[0]], [days[1]]]);
    expect(answer.get(MIDNIGHT)).toBe(`day ${MIDNIGHT} #2`);
    await cache.get('k', 'a', days, load);
    expect(asked).toHaveLength(2);
    // Another key or kind is another entry.
    await cache.get('k', 'b', days, load);
    await cache.get('other', 'a', days, load);
    expect(asked).toHaveLength(4);
  });

  it('shares a running load between concurrent callers', async () => {
    const cache = createDayPartials();
    const gate = deferred<Map<number, string>>();
    let loads = 0;
    const load = () => {
      loads += 1;
      return gate.promise;
    };
    const both = Promise.all([cache.get('k', 'a', days, load), cache.get('k', 'a', days, load)]);
    gate.resolve(new Map(days.map((d) => [d, 'x'])));
    const [a, b] = await both;
    expect(loads).toBe(1);
    expect([...a.values(), ...b.values()]).toEqual(['x', 'x', 'x', 'x']);
  });

  it('drops the day holding an instant (every key and offset), a kind, or everything', async () => {
    const cache = createDayPartials();
    const { asked, load } = loader();
    await cache.get('k', 'utc', days, load);
    await cache.get('k', 'east', [MIDNIGHT - 8 * H], load);
    await cache.get('j', 'utc', days, load);
    cache.dropTime(MIDNIGHT + 2 * H);
    // The UTC day of that instant (both kinds) and the UTC+8 day holding it.
    expect(cache.size).toBe(2);
    await cache.get('k', 'utc', days, load);
    expect(asked.at(-1)).toEqual([MIDNIGHT]);
    cache.clearKind('j');
    expect(cache.size).toBe(2);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('clears the kinds that read a changed table (and those declaring nothing), keeps the others', async () => {
    const runs = pgTable('runs', { id: integer('id') });
    const alarms = pgTable('alarms', { id: integer('id') });
    const roster = pgTable('roster', { id: integer('id') });
    const safety = dayPartialKind('safety', [runs, alarms]);
    const total = dayPartialKind('total', [alarms]);
    const duty = dayPartialKind('duty', [alarms, roster]);
    const cache = createDayPartials();
    const { asked, load } = loader();
    const fill = async () => {
      for (const kind of [safety, total, duty, 'undeclared']) await cache.get(kind, 'a', days, load);
    };
    await fill();
    expect(cache.size).toBe(8);
    expect(asked).toHaveLength(4);
    // A kind and its name are the same entries.
    expect(cache.sizeOf(safety)).toBe(2);
    expect(cache.sizeOf('safety')).toBe(2);
    cache.clearSource(runs);
    expect([
      cache.sizeOf(safety),
      cache.sizeOf(total),
      cache.sizeOf(duty),
      cache.sizeOf('undeclared'),
    ]).toEqual([0, 2, 2, 0]);
    // The others answer from memory; the cleared ones load again.
    await fill();
    expect(asked.slice(4)).toEqual([days, days]);
    // By the table's SQL name (as a bus event carries it), several at once.
    cache.clearSource('roster', 'nothing-reads-this');
    expect([
      cache.sizeOf(safety),
      cache.sizeOf(total),
      cache.sizeOf(duty),
      cache.sizeOf('undeclared'),
    ]).toEqual([2, 2, 0, 0]);
    cache.clearSource(alarms);
    expect(cache.size).toBe(0);
    await fill();
    cache.clearKind(total);
    expect(cache.sizeOf(total)).toBe(0);
    expect(cache.size).toBe(6);
  });

  it('drops a kept run with its days when its source changes', async () => {
    const runs = pgTable('runs', { id: integer('id') });
    const safety = dayPartialKind('safety', [runs]);
    const total = dayPartialKind('total', [pgTable('counters', { id: integer('id') })]);
    const cache = createDayPartials();
    const { asked, load } = loader();
    const sum = (partials: Map<number, string>) => [...partials.values()].join('+');
    for (let i = 0; i < 2; i++) {
      await cache.getRun(safety, 'a', days, load, sum);
      await cache.getRun(total, 'a', days, load, sum);
    }
    expect(cache.runs).toBe(2);
    cache.clearSource(runs);
    expect(cache.runs).toBe(1);
    expect(asked).toHaveLength(2);
    // The other kind's run answers from memory.
    expect(await cache.getRun(total, 'a', days, load, sum)).toBe(
      `day ${MIDNIGHT - DAY_MS} #2+day ${MIDNIGHT} #2`,
    );
    expect(asked).toHaveLength(2);
  });

  it('does not keep a load that ran across an invalidation of its day', async () => {
    const cache = createDayPartials();
    const gate = deferred<Map<number, string>>();
    const first = cache.get('k', 'a', [MIDNIGHT], () => gate.promise);
    cache.dropTime(MIDNIGHT + H);
    gate.resolve(new Map([[MIDNIGHT, 'old']]));
    expect((await first).get(MIDNIGHT)).toBe('old');
    const { asked, load } = loader();
    await cache.get('k', 'a', [MIDNIGHT], load);
    expect(asked).toEqual([[MIDNIGHT]]);
  });

  it('is bounded (least recently used out first) and forgets after its time', async () => {
    const clock = { t: 0 };
    const cache = createDayPartials({ maxEntries: 2, ttlMs: 1_000, now: () => clock.t });
    const { asked, load } = loader();
    await cache.get('k', 'a', [1], load);
    await cache.get('k', 'a', [2], load);
    await cache.get('k', 'a', [1], load);
    await cache.get('k', 'a', [3], load);
    expect(cache.size).toBe(2);
    await cache.get('k', 'a', [1, 3], load);
    expect(asked).toHaveLength(3);
    clock.t = 1_000;
    await cache.get('k', 'a', [1], load);
    expect(asked).toHaveLength(4);
  });

  it('is bounded by weight', async () => {
    const cache = createDayPartials({ maxWeight: 25 });
    const { load } = loader();
    await cache.get('k', 'a', [1, 2, 3], load, () => 10);
    expect(cache.size).toBe(2);
    expect(cache.weight).toBe(20);
  });

  describe('runs (what is derived from a run of days)', () => {
    const derive = (m: Map<number, string>, keep: boolean) =>
      `${keep ? 'kept' : 'once'}:${[...m.values()].join('+')}`;
    const both = `day ${MIDNIGHT - DAY_MS} #1+day ${MIDNIGHT} #1`;

    it('marks a run asked once, derives it to keep when asked again, then answers it', async () => {
      const cache = createDayPartials();
      const { asked, load } = loader();
      const kept: boolean[] = [];
      const counted = (m: Map<number, string>, keep: boolean) => {
        kept.push(keep);
        return derive(m, keep);
      };
      expect(await cache.getRun('k', 'a', days, load, counted)).toBe(`once:${both}`);
      expect(cache.runs).toBe(1);
      const shared = await Promise.all([
        cache.getRun('k', 'a', days, load, counted),
        cache.getRun('k', 'a', days, load, counted),
      ]);
      expect(shared).toEqual([`kept:${both}`, `kept:${both}`]);
      expect(await cache.getRun('k', 'a', days, load, counted)).toBe(`kept:${both}`);
      expect(kept).toEqual([false, true]);
      expect(asked).toHaveLength(1);
      // Another run of the same days: from the kept days, not loaded again.
      expect(await cache.getRun('k', 'a', days.slice(1), load, counted)).toBe(`once:day ${MIDNIGHT} #1`);
      expect(asked).toHaveLength(1);
      expect(cache.runs).toBe(2);
    });

    it('is dropped with any of its days (an instant, a kind, everything)', async () => {
      const cache = createDayPartials();
      const { asked, load } = loader();
      for (let i = 0; i < 2; i++) {
        await cache.getRun('k', 'a', days, load, derive);
        await cache.getRun('k', 'a', days.slice(0, 1), load, derive);
      }
      cache.dropTime(MIDNIGHT + H);
      // The run holding that day is gone (marked anew when asked); the one without it stays.
      expect(cache.runs).toBe(1);
      expect(await cache.getRun('k', 'a', days.slice(0, 1), load, derive)).toBe(
        `kept:day ${MIDNIGHT - DAY_MS} #1`,
      );
      expect(await cache.getRun('k', 'a', days, load, derive)).toBe(
        `once:day ${MIDNIGHT - DAY_MS} #1+day ${MIDNIGHT} #2`,
      );
      expect(asked.at(-1)).toEqual([MIDNIGHT]);
      cache.clearKind('k');
      expect(cache.runs).toBe(0);
      await cache.getRun('k', 'a', days, load, derive);
      cache.clear();
      expect(cache.runs).toBe(0);
    });

    it('does not keep a run whose day was dropped while it was derived', async () => {
      const cache = createDayPartials();
      const { load } = loader();
      await cache.getRun('k', 'a', days, load, derive);
      cache.dropTime(MIDNIGHT + H);
      await cache.getRun('k', 'a', days, load, derive);
      const gate = deferred<Map<number, string>>();
      cache.dropTime(MIDNIGHT + H);
      const marked = cache.getRun('k', 'a', days, () => gate.promise, derive);
      const second = cache.getRun('k', 'a', days, () => gate.promise, derive);
      cache.dropTime(MIDNIGHT + H);
      gate.resolve(new Map([[MIDNIGHT, 'old']]));
      expect(await marked).toBe(`once:day ${MIDNIGHT - DAY_MS} #1+old`);
      expect(await second).toBe(`kept:day ${MIDNIGHT - DAY_MS} #1+old`);
      expect(cache.runs).toBe(0);
      // Marked again, the dropped day loaded again.
      const again = loader();
      expect(await cache.getRun('k', 'a', days, again.load, derive)).toBe(
        `once:day ${MIDNIGHT - DAY_MS} #1+day ${MIDNIGHT} #1`,
      );
      expect(again.asked).toEqual([[MIDNIGHT]]);
    });

    it('extends a kept run that ends the days with the days before it (not marked, not derived)', async () => {
      const cache = createDayPartials();
      const { asked, load } = loader();
      const extend = (run: string, before: Map<number, string>) => `${[...before.values()].join('+')}|${run}`;
      const three = [MIDNIGHT - 2 * DAY_MS, ...days];
      await cache.getRun('k', 'a', days, load, derive, undefined, undefined, extend);
      await cache.getRun('k', 'a', days, load, derive, undefined, undefined, extend);
      expect(cache.runs).toBe(1);
      for (let i = 0; i < 2; i++) {
        expect(await cache.getRun('k', 'a', three, load, derive, undefined, undefined, extend)).toBe(
          `day ${MIDNIGHT - 2 * DAY_MS} #2|kept:${both}`,
        );
      }
      expect(cache.runs).toBe(1);
      expect(asked).toEqual([days, [MIDNIGHT - 2 * DAY_MS]]);
      // Its run dropped with a day: marked and merged as days again.
      cache.dropTime(MIDNIGHT + H);
      expect(await cache.getRun('k', 'a', three, load, derive, undefined, undefined, extend)).toBe(
        `once:day ${MIDNIGHT - 2 * DAY_MS} #2+day ${MIDNIGHT - DAY_MS} #1+day ${MIDNIGHT} #3`,
      );
    });

    it('expires with its days and is bounded apart', async () => {
      const clock = { t: 0 };
      const cache = createDayPartials({ ttlMs: 1_000, maxRuns: 1, now: () => clock.t });
      const { asked, load } = loader();
      await cache.getRun('k', 'a', days, load, derive);
      await cache.getRun('k', 'b', days, load, derive);
      expect(cache.runs).toBe(1);
      expect(cache.size).toBe(4);
      // 'b' kept, then expired with its days.
      expect(await cache.getRun('k', 'b', days, load, derive)).toBe(
        `kept:day ${MIDNIGHT - DAY_MS} #2+day ${MIDNIGHT} #2`,
      );
      clock.t = 1_000;
      expect(await cache.getRun('k', 'b', days, load, derive)).toBe(
        `once:day ${MIDNIGHT - DAY_MS} #3+day ${MIDNIGHT} #3`,
      );
      expect(asked).toHaveLength(3);
      const weighed = createDayPartials({ maxRunWeight: 5 });
      await weighed.getRun('k', 'a', days, load, derive);
      await weighed.getRun('k', 'a', days, load, derive, undefined, () => 10);
      expect(weighed.runs).toBe(0);
      expect(weighed.size).toBe(2);
    });
  });
});
