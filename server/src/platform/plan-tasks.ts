import { PLAN_TASK_EVENT } from '@sentinel/contract';
import { Cron } from 'croner';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  claimDue,
  claimManual,
  dueTasks,
  ensurePlanTasks,
  finishRun,
  type PlanTaskClaim,
  type PlanTaskOutcome,
  type PlanTaskTrigger,
  type RunResult,
  releaseOwnClaims,
  startRun,
} from './plan-task-store.ts';

/**
 * Plan tasks: the product's own periodic work (retention clean-ups, image checks, report
 * sending…) on one scheduler. A feature registers its task while its plugin loads; from `onReady`
 * every instance ticks (PLAN_TASK_TICK_SECONDS) and looks in `plan_task` for due runs. A due run
 * is claimed with one conditional UPDATE (the schedule moves on and the lease is taken together),
 * so with several instances on one database each due run happens exactly once; a task holding its
 * lease is never started again (no overlap, also for "run now"). A run gets an AbortSignal that
 * fires at the task's time limit (recorded as timed out) and on close; a throwing run is recorded
 * as failed and the schedule goes on. The first failure and the recovery write an audit entry
 * (`planTask.failed` / `planTask.recovered`); every start and end publishes `planTask.updated`.
 */

export interface PlanTaskDefinition {
  /** e.g. 'protocolLogRetention' (the page's label is keyed by it). */
  code: string;
  /** Five-field cron (minute hour day month weekday), server time zone; admins may change it. */
  defaultCron: string;
  timeLimitMs: number;
  /** Does the work; answers a small summary (e.g. `{ deleted: 1203 }`). */
  run(signal: AbortSignal): Promise<Record<string, number | string>>;
}

/** A claim outlives the time limit by this much (then another instance may take the task). */
const LEASE_GRACE_MS = 60_000;

/** The schedule of a five-field cron expression; throws (croner's message) when it is not valid. */
export const cronOf = (expression: string) => new Cron(expression, { paused: true, mode: '5-part' });

/** Whether the expression is a valid five-field cron. */
export function isValidCron(expression: string): boolean {
  try {
    cronOf(expression);
    return true;
  } catch {
    return false;
  }
}

/** The next `count` run times after `from` (empty for an invalid expression). */
export function nextRunTimes(expression: string, count: number, from: Date): Date[] {
  if (!isValidCron(expression)) return [];
  return cronOf(expression).nextRuns(count, from);
}

export const nextRunAfter = (expression: string, from: Date): Date | null =>
  nextRunTimes(expression, 1, from)[0] ?? null;

export interface ManualRun {
  runId: number;
  /** Settles when the run has been recorded. */
  done: Promise<void>;
}

export interface PlanTasks {
  register(def: PlanTaskDefinition): void;
  definition(code: string): PlanTaskDefinition | undefined;
  codes(): string[];
  /** One scheduler pass: starts the due runs this instance claims; resolves when they have ended. */
  tick(): Promise<string[]>;
  /** Starts a run now on this instance; null while the task runs anywhere. */
  runNow(code: string): Promise<ManualRun | null>;
  /** Resolves when no run is in progress on this instance. */
  idle(): Promise<void>;
}

class ShutdownError extends Error {}

export const planTasksPlugin = fp(
  async (app: FastifyInstance) => {
    const defs = new Map<string, PlanTaskDefinition>();
    const inflight = new Map<string, Promise<void>>();
    const shutdown = new AbortController();
    let started = false;
    let timer: NodeJS.Timeout | undefined;
    let ticking: Promise<unknown> | undefined;
    const config = app.appConfig;
    const instance = config.instanceId;
    const leaseUntil = (def: PlanTaskDefinition, now: Date) =>
      new Date(now.getTime() + def.timeLimitMs + LEASE_GRACE_MS);

    const publish = (code: string, state: 'running' | PlanTaskOutcome) =>
      app.bus
        .publish({ type: PLAN_TASK_EVENT, data: { code, state } })
        .catch((error: unknown) => app.log.warn({ err: error }, 'plan task event not published'));

    /** Runs the claimed task to its end (ok, failed or timed out) and records it. */
    async function execute(
      def: PlanTaskDefinition,
      claim: PlanTaskClaim,
      trigger: PlanTaskTrigger,
      runId: number,
    ) {
      const startedAt = config.now();
      const t0 = performance.now();
      const controller = new AbortController();
      let timedOut = false;
      const onShutdown = () => controller.abort(new ShutdownError('the server is shutting down'));
      shutdown.signal.addEventListener('abort', onShutdown, { once: true });
      let limitTimer: NodeJS.Timeout | undefined;
      const limit = new Promise<'timeout'>((resolve) => {
        limitTimer = setTimeout(() => {
          timedOut = true;
          controller.abort(new Error(`time limit of ${def.timeLimitMs} ms exceeded`));
          resolve('timeout');
        }, def.timeLimitMs);
      });
      let outcome: PlanTaskOutcome = 'ok';
      let error = '';
      let summary: Record<string, number | string> = {};
      try {
        const result = await Promise.race([def.run(controller.signal).then((s) => ({ s })), limit]);
        if (result === 'timeout') throw new Error('timeout');
        summary = result.s ?? {};
      } catch (e) {
        outcome = timedOut ? 'timedOut' : 'failed';
        error = timedOut
          ? `time limit of ${def.timeLimitMs} ms exceeded: the run was aborted`
          : e instanceof Error
            ? e.message || e.name
            : String(e);
      } finally {
        clearTimeout(limitTimer);
        shutdown.signal.removeEventListener('abort', onShutdown);
      }
      const result: RunResult = {
        outcome,
        error,
        summary,
        startedAt,
        finishedAt: config.now(),
        durationMs: Math.round(performance.now() - t0),
      };
      if (outcome !== 'ok') app.log.warn({ task: def.code, outcome, error }, 'plan task run did not succeed');
      await finishRun(app.db, {
        id: runId,
        code: def.code,
        instance,
        previousFailures: claim.consecutiveFailures,
        result,
      });
      const firstFailure = outcome !== 'ok' && claim.consecutiveFailures === 0;
      const recovered = outcome === 'ok' && claim.consecutiveFailures > 0;
      if (firstFailure || recovered) {
        await app.audit.write({
          accountId: null,
          accountName: '',
          action: firstFailure ? 'planTask.failed' : 'planTask.recovered',
          target: def.code,
          detail: firstFailure
            ? { runId, trigger, instance, outcome, error }
            : { runId, trigger, instance, failedRuns: claim.consecutiveFailures },
          ip: '',
        });
      }
      await publish(def.code, outcome);
    }

    /** Starts a claimed run in the background; its promise is kept until it has been recorded. */
    async function launch(def: PlanTaskDefinition, claim: PlanTaskClaim, trigger: PlanTaskTrigger) {
      const runId = await startRun(app.db, { code: def.code, trigger, instance, startedAt: config.now() });
      await publish(def.code, 'running');
      const done = execute(def, claim, trigger, runId)
        .catch((error: unknown) =>
          app.log.error({ err: error, task: def.code }, 'plan task run not recorded'),
        )
        .finally(() => inflight.delete(def.code));
      inflight.set(def.code, done);
      return { runId, done };
    }

    /** Claims and starts the due runs; answers their codes and their ends. */
    async function pass(): Promise<{ codes: string[]; runs: Promise<void>[] }> {
      if (shutdown.signal.aborted) return { codes: [], runs: [] };
      const now = config.now();
      const runs: Promise<void>[] = [];
      const codes: string[] = [];
      for (const due of await dueTasks(app.db, now)) {
        const def = defs.get(due.code);
        // Not registered here (another version) or still finishing here: leave it.
        if (!def || inflight.has(due.code)) continue;
        const next = nextRunAfter(due.cron, now);
        const claim = await claimDue(app.db, {
          code: due.code,
          due: due.due,
          next,
          instance,
          now,
          leaseUntil: leaseUntil(def, now),
        });
        if (!claim) continue;
        codes.push(due.code);
        runs.push((await launch(def, claim, 'schedule')).done);
      }
      return { codes, runs };
    }

    async function tick(): Promise<string[]> {
      const { codes, runs } = await pass();
      await Promise.all(runs);
      return codes;
    }

    const planTasks: PlanTasks = {
      register(def) {
        if (started) throw new Error(`plan task ${def.code} registered after start`);
        if (defs.has(def.code)) throw new Error(`plan task ${def.code} registered twice`);
        cronOf(def.defaultCron);
        defs.set(def.code, def);
      },
      definition: (code) => defs.get(code),
      codes: () => [...defs.keys()],
      tick,
      async runNow(code) {
        const def = defs.get(code);
        if (!def || inflight.has(code) || shutdown.signal.aborted) return null;
        const now = config.now();
        const claim = await claimManual(app.db, { code, instance, now, leaseUntil: leaseUntil(def, now) });
        return claim ? launch(def, claim, 'manual') : null;
      },
      async idle() {
        while (inflight.size > 0) await Promise.allSettled([...inflight.values()]);
      },
    };
    app.decorate('planTasks', planTasks);

    app.addHook('onReady', async () => {
      started = true;
      const now = config.now();
      await releaseOwnClaims(app.db, instance, now);
      await ensurePlanTasks(
        app.db,
        [...defs.values()].map((d) => ({
          code: d.code,
          cron: d.defaultCron,
          nextRunAt: nextRunAfter(d.defaultCron, now),
        })),
      );
      if (!config.planTasks.enabled) return;
      timer = setInterval(() => {
        // A pass only starts runs: a long run does not hold up the other tasks' due runs.
        ticking ??= pass()
          .catch((error: unknown) => app.log.warn({ err: error }, 'plan task tick failed'))
          .finally(() => {
            ticking = undefined;
          });
      }, config.planTasks.tickMs);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      if (timer) clearInterval(timer);
      shutdown.abort();
      await ticking;
      await planTasks.idle();
    });
  },
  { name: 'planTasks', dependencies: ['database', 'services'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The plan task scheduler (platform/plan-tasks.ts). */
    planTasks: PlanTasks;
  }
}
