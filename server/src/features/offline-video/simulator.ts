import { join } from 'node:path';
import type { OfflineEngineJob } from '@sentinel/contract';
import { ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { camera } from '../../db/schema/index.ts';
import { renderAlarmImages } from '../../platform/demo-images.ts';
import type { EngineRef } from '../../platform/engine-auth.ts';
import { AppError } from '../../platform/errors.ts';
import { type RepeatingTask, repeatEvery } from '../../platform/repeating-task.ts';
import { demoEngine } from '../engines/index.ts';
import { addEvent, claimAnalysis, finishAnalysis, reportProgress } from './engine-service.ts';

/** Seconds assumed for a video whose container does not tell its length (and for URLs). */
const UNKNOWN_DURATION_SECONDS = 60;
/** The simulated analyzer reads a video at ten times its speed, in 3 to 20 steps. */
export function simulatedSteps(durationSeconds: number | null): number {
  const seconds = durationSeconds ?? UNKNOWN_DURATION_SECONDS;
  return Math.min(20, Math.max(3, Math.ceil(seconds / 10)));
}

/** Deterministic findings: 1–3 per algorithm, spread over the video (seconds, rounded to 0.1). */
export function simulatedFindings(
  job: OfflineEngineJob,
): { algorithmId: number; offsetSeconds: number; seed: number }[] {
  const seconds = job.durationSeconds ?? UNKNOWN_DURATION_SECONDS;
  return job.algorithms
    .flatMap((algorithm, index) => {
      const seed = job.id * 31 + algorithm.id * 7 + index;
      const count = 1 + (seed % 3);
      return Array.from({ length: count }, (_, n) => {
        const fraction = ((seed * 37 + n * 53) % 97) / 97;
        return {
          algorithmId: algorithm.id,
          offsetSeconds: Math.round(seconds * fraction * 10) / 10,
          seed: seed * 10 + n,
        };
      });
    })
    .sort((a, b) => a.offsetSeconds - b.offsetSeconds);
}

interface Running {
  job: OfflineEngineJob;
  source: EngineRef;
  step: number;
  steps: number;
  findings: ReturnType<typeof simulatedFindings>;
}

/** `tick()` is one step: claim a waiting job, or advance the running one. */
export type OfflineSimulator = RepeatingTask<void>;

/** A deleted job answers 404: the simulator drops it, as a real engine would. */
const isGone = (error: unknown) =>
  error instanceof AppError && (error.httpStatus === 404 || error.httpStatus === 409);

/**
 * Demo mode's offline analyzer: claims jobs through the same engine service as the engines' HTTP
 * API (as the demo engine), reports progress each second and, when its simulated reading passes a
 * finding's time, an event with a picture (a camera snapshot with detection boxes drawn — it does
 * not decode the video). One job at a time; timers never overlap and do not keep the process up.
 */
export function startOfflineSimulator(app: FastifyInstance, tickMs = 1000): OfflineSimulator {
  let running: Running | undefined;

  const snapshots = async () =>
    (
      await app.db
        .select({ path: camera.snapshotPath })
        .from(camera)
        .where(ne(camera.snapshotPath, ''))
        .limit(20)
    )
      .map((row) => row.path)
      .filter((path): path is string => Boolean(path));

  async function report(current: Running, upTo: number) {
    const due = current.findings.filter((finding) => finding.offsetSeconds <= upTo);
    current.findings = current.findings.filter((finding) => finding.offsetSeconds > upTo);
    if (due.length === 0) return;
    const frames = await snapshots();
    for (const finding of due) {
      const algorithm = current.job.algorithms.find((candidate) => candidate.id === finding.algorithmId);
      if (!algorithm) continue;
      const images = await renderAlarmImages(
        join(app.appConfig.dataDir, 'media'),
        frames.length > 0 ? (frames[finding.seed % frames.length] ?? null) : null,
        algorithm.code,
        finding.seed,
      );
      const confidence = (0.8 + (finding.seed % 19) / 100).toFixed(2);
      await addEvent(
        app,
        current.source,
        current.job.id,
        {
          algorithmId: algorithm.id,
          offsetSeconds: finding.offsetSeconds,
          result: `${algorithm.name} ${confidence}`,
        },
        images.drawn,
      );
    }
  }

  async function step() {
    if (!running) {
      const source = await demoEngine(app);
      const job = await claimAnalysis(app, source, app.appConfig.instanceId);
      if (!job) return;
      const steps = simulatedSteps(job.durationSeconds);
      running = { job, source, step: 0, steps, findings: simulatedFindings(job) };
      return;
    }
    const current = running;
    current.step += 1;
    const seconds = current.job.durationSeconds ?? UNKNOWN_DURATION_SECONDS;
    try {
      await report(current, (seconds * current.step) / current.steps);
      if (current.step >= current.steps) {
        await finishAnalysis(app, current.source, current.job.id, { state: 'finished' });
        running = undefined;
      } else {
        await reportProgress(
          app,
          current.source,
          current.job.id,
          Math.floor((100 * current.step) / current.steps),
        );
      }
    } catch (error) {
      if (!isGone(error)) throw error;
      running = undefined;
    }
  }

  return repeatEvery(app.log, 'offline analysis simulator: step failed', tickMs, step);
}
