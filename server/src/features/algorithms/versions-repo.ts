import { and, asc, eq, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  algorithm,
  algorithmDeployment,
  algorithmVersion,
  type InstanceParams,
  type VersionMetrics,
} from '../../db/schema/index.ts';

/**
 * The core of algorithm instance versions (issue 13 §3), shared by the instance wizard (version 1),
 * training (a new version) and the instance library (publish, roll back): versions are only ever
 * added, numbered per algorithm under a lock of the algorithm's row; the live version changes only
 * through `setLiveVersion`, which records who made which version live when.
 */

export type AlgorithmVersionRow = typeof algorithmVersion.$inferSelect;
export type AlgorithmDeploymentRow = typeof algorithmDeployment.$inferSelect;

export interface NewVersion {
  algorithmId: number;
  modelId: number | null;
  artefact: string;
  sha256: string;
  sizeBytes: number;
  params: InstanceParams;
  metrics?: VersionMetrics | null;
  source: 'wizard' | 'training' | 'seed';
  trainingJobId?: number | null;
  note?: string;
  actor?: { id: number | null; name: string };
}

/** Adds the algorithm's next version (1, 2, 3…); null when the algorithm does not exist. */
export async function createVersion(db: Db, input: NewVersion): Promise<AlgorithmVersionRow | null> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: algorithm.id })
      .from(algorithm)
      .where(eq(algorithm.id, input.algorithmId))
      .for('update');
    if (!owner) return null;
    const [last] = await tx
      .select({ n: max(algorithmVersion.number) })
      .from(algorithmVersion)
      .where(eq(algorithmVersion.algorithmId, input.algorithmId));
    const [row] = await tx
      .insert(algorithmVersion)
      .values({
        algorithmId: input.algorithmId,
        number: (last?.n ?? 0) + 1,
        modelId: input.modelId,
        artefact: input.artefact,
        sha256: input.sha256,
        sizeBytes: input.sizeBytes,
        params: input.params,
        metrics: input.metrics ?? null,
        source: input.source,
        trainingJobId: input.trainingJobId ?? null,
        note: input.note ?? '',
        createdById: input.actor?.id ?? null,
        createdBy: input.actor?.name ?? '',
      })
      .returning();
    return row ?? null;
  });
}

export interface LiveChange {
  algorithmId: number;
  versionId: number;
  action: 'publish' | 'rollback' | 'seed';
  override?: boolean;
  reason?: string;
  actor?: { id: number | null; name: string };
}

/**
 * Makes a version of the algorithm the live one and records it (one deployment row). Answers
 * 'missing' when the algorithm or the version (of this algorithm) does not exist, 'unchanged' when
 * it is live already, else the deployment with the version it replaced.
 */
export async function setLiveVersion(
  db: Db,
  change: LiveChange,
): Promise<'missing' | 'unchanged' | AlgorithmDeploymentRow> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: algorithm.id, liveVersionId: algorithm.liveVersionId })
      .from(algorithm)
      .where(eq(algorithm.id, change.algorithmId))
      .for('update');
    if (!owner) return 'missing';
    const [version] = await tx
      .select({ id: algorithmVersion.id })
      .from(algorithmVersion)
      .where(
        and(eq(algorithmVersion.id, change.versionId), eq(algorithmVersion.algorithmId, change.algorithmId)),
      );
    if (!version) return 'missing';
    if (owner.liveVersionId === version.id) return 'unchanged';
    const [deployment] = await tx
      .insert(algorithmDeployment)
      .values({
        algorithmId: change.algorithmId,
        versionId: version.id,
        previousVersionId: owner.liveVersionId,
        action: change.action,
        override: change.override ?? false,
        reason: change.reason ?? '',
        actorId: change.actor?.id ?? null,
        actor: change.actor?.name ?? '',
      })
      .returning();
    await tx
      .update(algorithm)
      .set({ liveVersionId: version.id, updatedAt: new Date() })
      .where(eq(algorithm.id, change.algorithmId));
    if (!deployment) throw new Error('deployment not recorded');
    return deployment;
  });
}

/** What a publish or a roll-back decided (`changeLiveVersion`). */
export type LiveOutcome =
  | { kind: 'missing' }
  | { kind: 'versionMissing' }
  | { kind: 'foreign' }
  | { kind: 'unchanged' }
  | { kind: 'noPrevious' }
  | { kind: 'gated'; candidate: AlgorithmVersionRow; live: AlgorithmVersionRow | null }
  | { kind: 'done'; deployment: AlgorithmDeploymentRow };

/**
 * Where a roll-back goes: the history read as a stack (a publish or seed pushes its version, a
 * roll-back pops down to its version), the version under the top; null when there is none.
 */
export function rollbackTarget(
  history: Pick<AlgorithmDeploymentRow, 'action' | 'versionId'>[],
  liveVersionId: number | null,
): number | null {
  const stack: number[] = [];
  for (const row of history) {
    const at = stack.lastIndexOf(row.versionId);
    // A roll-back to a version still on the stack pops down to it; anything else pushes.
    if (row.action === 'rollback' && at >= 0) stack.length = at + 1;
    else stack.push(row.versionId);
  }
  if (liveVersionId === null || stack[stack.length - 1] !== liveVersionId) return null;
  for (let i = stack.length - 2; i >= 0; i -= 1) if (stack[i] !== liveVersionId) return stack[i] ?? null;
  return null;
}

export interface PublishRequest {
  algorithmId: number;
  /** A version id to publish, or 'previous' to roll back to the version live before. */
  target: number | 'previous';
  override?: boolean;
  reason?: string;
  actor?: { id: number | null; name: string };
  /**
   * The publish gate: whether the candidate may replace the live version without an override
   * (not asked for a roll-back, nor for a version that was live before).
   */
  gate?: (candidate: AlgorithmVersionRow, live: AlgorithmVersionRow | null) => boolean;
}

/**
 * Publish or roll back under a lock of the algorithm's row, so the gate and the roll-back target
 * are decided on the live version as it is: a version that was live before is brought back as a
 * roll-back (never gated); another passes the gate or needs `override`.
 */
export async function changeLiveVersion(db: Db, change: PublishRequest): Promise<LiveOutcome> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ id: algorithm.id, liveVersionId: algorithm.liveVersionId })
      .from(algorithm)
      .where(eq(algorithm.id, change.algorithmId))
      .for('update');
    if (!owner) return { kind: 'missing' };
    const history = await tx
      .select({ action: algorithmDeployment.action, versionId: algorithmDeployment.versionId })
      .from(algorithmDeployment)
      .where(eq(algorithmDeployment.algorithmId, change.algorithmId))
      .orderBy(asc(algorithmDeployment.id));
    const targetId =
      change.target === 'previous' ? rollbackTarget(history, owner.liveVersionId) : change.target;
    if (targetId === null) return { kind: 'noPrevious' };
    const [candidate] = await tx.select().from(algorithmVersion).where(eq(algorithmVersion.id, targetId));
    if (!candidate) return { kind: 'versionMissing' };
    if (candidate.algorithmId !== change.algorithmId) return { kind: 'foreign' };
    if (owner.liveVersionId === candidate.id) return { kind: 'unchanged' };
    const wasLive = history.some((row) => row.versionId === candidate.id);
    const action = change.target === 'previous' || wasLive ? 'rollback' : 'publish';
    const override = action === 'publish' && change.override === true;
    if (action === 'publish' && change.gate && !override) {
      const [live] = owner.liveVersionId
        ? await tx.select().from(algorithmVersion).where(eq(algorithmVersion.id, owner.liveVersionId))
        : [];
      if (!change.gate(candidate, live ?? null)) return { kind: 'gated', candidate, live: live ?? null };
    }
    const [deployment] = await tx
      .insert(algorithmDeployment)
      .values({
        algorithmId: change.algorithmId,
        versionId: candidate.id,
        previousVersionId: owner.liveVersionId,
        action,
        override,
        reason: change.reason ?? '',
        actorId: change.actor?.id ?? null,
        actor: change.actor?.name ?? '',
      })
      .returning();
    await tx
      .update(algorithm)
      .set({ liveVersionId: candidate.id, updatedAt: new Date() })
      .where(eq(algorithm.id, change.algorithmId));
    if (!deployment) throw new Error('deployment not recorded');
    return { kind: 'done', deployment };
  });
}
