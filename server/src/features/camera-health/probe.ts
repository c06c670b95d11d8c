import { get as httpGet } from 'node:http';
import { get as httpsGet } from 'node:https';
import { connect } from 'node:net';
import { VIDEO_API } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import {
  DEMO_STREAM_SCHEME,
  type DemoClip,
  demoClipOf,
  demoStreamKey,
  signStreamToken,
  streamSecretOf,
} from '../video/index.ts';
import { OFFLINE_AFTER_SECONDS, runMonitorPass } from './monitor.ts';
import {
  insertCheck,
  lastProbeAt,
  type ProbedCamera,
  probedCameras,
  recordProbeEvidence,
  withProbeLock,
} from './probe-repo.ts';

/** What a camera's probe reaches: its demo clip on this server, an RTSP server, an HTTP(S) stream. */
export type ProbeTarget =
  | { kind: 'demo'; clip: DemoClip }
  | { kind: 'rtsp'; url: URL }
  | { kind: 'http'; url: URL }
  | { kind: 'none' };

/**
 * A camera's probe target: what the console actually plays. In demo mode (no
 * MEDIA_STREAM_TEMPLATE) every camera plays a demo clip on this server (`demo:<clip>`, else one
 * chosen by its id — stream-address.ts), so that clip is probed whatever its address says. With a
 * media server, the camera's own address is: rtsp://, http(s)://, or `demo:<clip>`; anything else
 * has no target and is not probed.
 */
export function targetOf(cam: Pick<ProbedCamera, 'id' | 'mainStreamUrl'>, demoMode: boolean): ProbeTarget {
  const url = cam.mainStreamUrl.trim();
  if (demoMode || url.startsWith(DEMO_STREAM_SCHEME)) {
    return { kind: 'demo', clip: demoClipOf({ id: cam.id, mainStreamUrl: url }) };
  }
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'rtsp:' || parsed.protocol === 'rtsps:') return { kind: 'rtsp', url: parsed };
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return { kind: 'http', url: parsed };
  } catch {
    // not an address
  }
  return { kind: 'none' };
}

export interface ProbeOutcome {
  ok: boolean;
  latencyMs: number;
  /** A message code (contract: cameraCheck.*) when it failed. */
  error: string | null;
  detail: Record<string, unknown>;
}

/** The address without its user and password (kept in check details). */
const shown = (url: URL) => {
  const copy = new URL(url.href);
  copy.username = '';
  copy.password = '';
  return copy.href;
};

/** A network error's message code. */
function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code ?? '';
  const cause = (error as { cause?: NodeJS.ErrnoException } | undefined)?.cause?.code ?? '';
  const name = (error as Error | undefined)?.name ?? '';
  if (name === 'TimeoutError' || code === 'ETIMEDOUT' || cause === 'ETIMEDOUT') return 'cameraCheck.timeout';
  if (code === 'ECONNREFUSED' || cause === 'ECONNREFUSED') return 'cameraCheck.refused';
  if (['ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].some((c) => c === code || c === cause)) {
    return 'cameraCheck.unreachable';
  }
  return 'cameraCheck.failed';
}

/**
 * GET `url` and read its first bytes (at least one) within the timeout. node:http without an
 * agent (no kept-alive socket): the connection is destroyed once the first bytes came, so a live
 * stream is never left open behind the probe.
 */
function probeHttp(url: string, timeoutMs: number): Promise<Omit<ProbeOutcome, 'latencyMs'>> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (outcome: Omit<ProbeOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(outcome);
    };
    const get = url.startsWith('https:') ? httpsGet : httpGet;
    const request = get(url, { agent: false, headers: { 'user-agent': 'sentinel-console-probe' } }, (res) => {
      const status = res.statusCode ?? 0;
      const contentType = res.headers['content-type'] ?? null;
      if (status < 200 || status >= 300) {
        done({ ok: false, error: 'cameraCheck.httpStatus', detail: { status } });
        return;
      }
      res.once('data', (chunk: Buffer) => {
        done({ ok: true, error: null, detail: { status, bytes: chunk.length, contentType } });
      });
      res.once('end', () => done({ ok: false, error: 'cameraCheck.noData', detail: { status } }));
      res.once('error', (error) => done({ ok: false, error: errorCode(error), detail: { status } }));
    });
    request.on('error', (error) => done({ ok: false, error: errorCode(error), detail: {} }));
    const timer = setTimeout(() => done({ ok: false, error: 'cameraCheck.timeout', detail: {} }), timeoutMs);
  });
}

/** TCP connect to the RTSP server and ask OPTIONS; any RTSP answer (200, or 401: it wants a login) is alive. */
function probeRtsp(url: URL, timeoutMs: number): Promise<Omit<ProbeOutcome, 'latencyMs'>> {
  return new Promise((resolve) => {
    const port = url.port ? Number(url.port) : 554;
    const socket = connect({ host: url.hostname, port });
    let answer = '';
    let settled = false;
    const done = (outcome: Omit<ProbeOutcome, 'latencyMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    const timer = setTimeout(() => done({ ok: false, error: 'cameraCheck.timeout', detail: {} }), timeoutMs);
    socket.on('connect', () => {
      socket.write(`OPTIONS ${shown(url)} RTSP/1.0\r\nCSeq: 1\r\nUser-Agent: sentinel-console\r\n\r\n`);
    });
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.length > 8192 || answer.includes('\r\n\r\n')) {
        const match = /^RTSP\/1\.\d (\d{3})/.exec(answer);
        const status = match ? Number(match[1]) : null;
        const alive = status === 200 || status === 401;
        const publicLine = /\r\nPublic:\s*([^\r\n]*)/i.exec(answer)?.[1] ?? null;
        done(
          alive
            ? { ok: true, error: null, detail: { status, methods: publicLine } }
            : { ok: false, error: 'cameraCheck.rtspAnswer', detail: { status } },
        );
      }
    });
    socket.on('end', () => done({ ok: false, error: 'cameraCheck.rtspAnswer', detail: {} }));
    socket.on('error', (error) => done({ ok: false, error: errorCode(error), detail: {} }));
  });
}

/** How this server is reached from itself (its listening port, else PORT). */
export function selfOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  const port = address && typeof address === 'object' ? address.port : app.appConfig.port;
  return `http://127.0.0.1:${port}`;
}

/** A signed HTTP-FLV address of a demo clip on this server (the probe's own short-lived token). */
export function demoClipUrl(app: FastifyInstance, clip: DemoClip): string {
  const expires = Math.floor(app.appConfig.now().getTime() / 1000) + 60;
  const token = signStreamToken(streamSecretOf(app), { stream: demoStreamKey(clip), accountId: 0, expires });
  return `${selfOrigin(app)}${VIDEO_API.demoStream(clip)}?token=${encodeURIComponent(token)}`;
}

/** Probes one target (never throws). */
export async function probeTarget(
  app: FastifyInstance,
  target: ProbeTarget,
  timeoutMs: number,
): Promise<ProbeOutcome> {
  const started = performance.now();
  let outcome: Omit<ProbeOutcome, 'latencyMs'>;
  if (target.kind === 'none') {
    outcome = { ok: false, error: 'cameraCheck.noTarget', detail: {} };
  } else if (target.kind === 'demo') {
    const probed = await probeHttp(demoClipUrl(app, target.clip), timeoutMs);
    const error = probed.detail.status === 503 ? 'cameraCheck.demoStopped' : probed.error;
    outcome = { ...probed, error, detail: { ...probed.detail, target: `demo:${target.clip}` } };
  } else if (target.kind === 'rtsp') {
    const probed = await probeRtsp(target.url, timeoutMs);
    outcome = { ...probed, detail: { ...probed.detail, target: shown(target.url) } };
  } else {
    const probed = await probeHttp(target.url.href, timeoutMs);
    outcome = { ...probed, detail: { ...probed.detail, target: shown(target.url) } };
  }
  return { ...outcome, latencyMs: Math.round(performance.now() - started) };
}

/** Runs `work` over `items` with at most `limit` at once. */
export async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}

export const isDemoMode = (app: FastifyInstance) => app.appConfig.mediaStreamTemplate === undefined;

/** Probes one camera and records the check and its evidence; the stored check. */
export async function probeCamera(app: FastifyInstance, cam: ProbedCamera) {
  const target = targetOf(cam, isDemoMode(app));
  const outcome = await probeTarget(app, target, app.appConfig.cameraProbe.timeoutMs);
  const at = app.appConfig.now();
  const check = await insertCheck(
    app.db,
    { cameraId: cam.id, kind: 'stream', ...outcome, detail: { ...outcome.detail, via: target.kind } },
    at,
  );
  await recordProbeEvidence(app.db, cam.id, outcome.ok, outcome.error, at);
  return check;
}

/**
 * One probe pass (CAMERA_PROBE_SECONDS; or one camera: "probe now"): under the probe lock, the
 * monitor pass first — after a gap in the passes it opens the gap's outages with cause server,
 * monitor.ts — then every enabled camera with a target is probed (bounded concurrency, a timeout
 * each), then the monitor pass derives the new states. Answers the checks written.
 */
export async function runProbePass(app: FastifyInstance, cameraId?: number) {
  const checks: Awaited<ReturnType<typeof probeCamera>>[] = [];
  const pass = async () => {
    // After a gap in the passes, the gap's outages first (cause server, monitor.ts).
    const last = await lastProbeAt(app.db);
    if (last && app.appConfig.now().getTime() - last.getTime() >= OFFLINE_AFTER_SECONDS * 1000) {
      await runMonitorPass(app);
    }
    const demoMode = isDemoMode(app);
    const cameras = (await probedCameras(app.db, cameraId)).filter(
      (cam) => cameraId !== undefined || targetOf(cam, demoMode).kind !== 'none',
    );
    await eachLimited(cameras, app.appConfig.cameraProbe.concurrency, async (cam) => {
      checks.push(await probeCamera(app, cam));
    });
    await runMonitorPass(app);
  };
  // One camera asked for by a user runs at once; the scheduled pass runs on one instance at a time.
  if (cameraId === undefined) await withProbeLock(app, pass);
  else await pass();
  return checks;
}
