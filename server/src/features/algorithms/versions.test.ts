import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { algorithm, algorithmDeployment } from '../../db/schema/index.ts';
import { backends, useTestApp } from '../../test/helpers.ts';
import { createVersion, rollbackTarget, setLiveVersion } from './versions-repo.ts';

const params = {
  sampleImage: '',
  zones: [],
  classes: ['person'],
  thresholds: { person: 0.5 },
  level: 120002,
  schedule: [],
};

describe.each(backends)('algorithm versions on %s', (backend) => {
  const t = useTestApp(backend);

  const newAlgorithm = async (code: string) => {
    const [row] = await t.app.db.insert(algorithm).values({ code, name: code }).returning();
    if (!row) throw new Error('no algorithm');
    return row.id;
  };
  const version = (algorithmId: number, artefact: string) =>
    createVersion(t.app.db, {
      algorithmId,
      modelId: null,
      artefact,
      sha256: 'a'.repeat(64),
      sizeBytes: 10,
      params,
      source: 'wizard',
      actor: { id: null, name: 'tester' },
    });

  it('numbers each algorithm’s versions 1, 2, 3… and refuses a missing algorithm', async () => {
    const a = await newAlgorithm('VER-A');
    const b = await newAlgorithm('VER-B');
    const numbers = [
      (await version(a, 'a1'))?.number,
      (await version(a, 'a2'))?.number,
      (await version(b, 'b1'))?.number,
      (await version(a, 'a3'))?.number,
    ];
    expect(numbers).toEqual([1, 2, 1, 3]);
    expect(await version(999_999, 'x')).toBeNull();
  });

  it('numbers concurrent versions of one algorithm without a gap or a duplicate', async () => {
    const a = await newAlgorithm('VER-RACE');
    const rows = await Promise.all([1, 2, 3, 4, 5].map((i) => version(a, `r${i}`)));
    expect(rows.map((r) => r?.number).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses to change a stored version (versions are immutable)', async () => {
    const a = await newAlgorithm('VER-IMMUTABLE');
    const v = await version(a, 'orig');
    const refused = await t.app.db
      .execute(sql`update algorithm_version set artefact = 'changed' where id = ${v?.id}`)
      .then(
        () => 'updated',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(refused).toMatch(/algorithm_version \d+ is immutable/);
    const [row] = (
      (await t.app.db.execute(
        sql`select artefact from algorithm_version where id = ${v?.id}`,
      )) as unknown as {
        rows: { artefact: string }[];
      }
    ).rows;
    expect(row?.artefact).toBe('orig');
  });

  it('makes a version live, records who did it and what it replaced, and only its own versions', async () => {
    const a = await newAlgorithm('VER-LIVE');
    const other = await newAlgorithm('VER-OTHER');
    const v1 = await version(a, 'v1');
    const v2 = await version(a, 'v2');
    const foreign = await version(other, 'o1');
    if (!v1 || !v2 || !foreign) throw new Error('versions not created');
    const first = await setLiveVersion(t.app.db, { algorithmId: a, versionId: v1.id, action: 'publish' });
    expect(first).toMatchObject({ versionId: v1.id, previousVersionId: null });
    expect(await setLiveVersion(t.app.db, { algorithmId: a, versionId: v1.id, action: 'publish' })).toBe(
      'unchanged',
    );
    expect(await setLiveVersion(t.app.db, { algorithmId: a, versionId: foreign.id, action: 'publish' })).toBe(
      'missing',
    );
    const second = await setLiveVersion(t.app.db, {
      algorithmId: a,
      versionId: v2.id,
      action: 'publish',
      override: true,
      reason: 'night shift test',
      actor: { id: null, name: 'admin' },
    });
    expect(second).toMatchObject({
      versionId: v2.id,
      previousVersionId: v1.id,
      override: true,
      actor: 'admin',
    });
    const back = await setLiveVersion(t.app.db, { algorithmId: a, versionId: v1.id, action: 'rollback' });
    expect(back).toMatchObject({ action: 'rollback', versionId: v1.id, previousVersionId: v2.id });
    const [live] = await t.app.db.select().from(algorithm).where(eq(algorithm.id, a));
    expect(live?.liveVersionId).toBe(v1.id);
    const history = await t.app.db
      .select()
      .from(algorithmDeployment)
      .where(eq(algorithmDeployment.algorithmId, a))
      .orderBy(algorithmDeployment.id);
    expect(history.map((d) => [d.action, d.versionId])).toEqual([
      ['publish', v1.id],
      ['publish', v2.id],
      ['rollback', v1.id],
    ]);
  });
});

describe('rollbackTarget', () => {
  const p = (versionId: number) => ({ action: 'publish', versionId });
  const r = (versionId: number) => ({ action: 'rollback', versionId });
  it('reads the history as a stack: publishes push, roll-backs pop down to their version', () => {
    expect(rollbackTarget([], null)).toBeNull();
    expect(rollbackTarget([{ action: 'seed', versionId: 1 }], 1)).toBeNull();
    expect(rollbackTarget([p(1), p(2), p(3)], 3)).toBe(2);
    expect(rollbackTarget([p(1), p(2), p(3), r(2)], 2)).toBe(1);
    expect(rollbackTarget([p(1), p(2), p(3), r(2), r(1)], 1)).toBeNull();
    // Bringing back a version no longer on the stack pushes it.
    expect(rollbackTarget([p(1), p(2), r(1), r(2)], 2)).toBe(1);
    // Publishing the same version twice in a row is skipped over.
    expect(rollbackTarget([p(1), p(2), p(1), p(2)], 2)).toBe(1);
    // A live version the history does not end with: nothing to roll back to.
    expect(rollbackTarget([p(1), p(2)], 1)).toBeNull();
  });
});
