import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { removeMedia, storeImage } from '../../platform/media.ts';
import type { DemoClip } from '../video/index.ts';
import { demoClipUrl, eachLimited, isDemoMode, type ProbeTarget, probeTarget, targetOf } from './probe.ts';
import { insertCheck, type ProbedCamera, probedCameras } from './probe-repo.ts';

/** Snapshot files live in DATA_DIR/media/camera-check/ (a media owner, routes.ts). */
export const SNAPSHOT_SUBDIR = 'camera-check';
const MAX_SNAPSHOT_BYTES = 5 * 1024 * 1024;

let ffmpegPath: Promise<string | null> | undefined;

/** ffmpeg on PATH, looked for once (absent: simulated snapshots for demo streams, none otherwise). */
export function findFfmpeg(): Promise<string | null> {
  ffmpegPath ??= (async () => {
    for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
      const file = join(dir, 'ffmpeg');
      try {
        await access(file, constants.X_OK);
        return file;
      } catch {
        // not here
      }
    }
    return null;
  })();
  return ffmpegPath;
}

/** One JPEG frame from `input` by ffmpeg, within the timeout. */
function grabFrame(ffmpeg: string, input: string, rtsp: boolean, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      ...(rtsp ? ['-rtsp_transport', 'tcp'] : []),
      // A live stream arrives in real time: ffmpeg's default probe (5 s / 5 MB) would read seconds
      // of it before the first frame. The stream's header names its codec; half a second is plenty.
      '-analyzeduration',
      '500000',
      '-probesize',
      '262144',
      '-i',
      input,
      '-frames:v',
      '1',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      'pipe:1',
    ];
    const child = spawn(ffmpeg, args, { stdio: ['ignore', 'pipe', 'ignore'] });
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_SNAPSHOT_BYTES) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && size > 0 && size <= MAX_SNAPSHOT_BYTES) resolve(Buffer.concat(chunks));
      else reject(new Error(`ffmpeg exited with ${code}`));
    });
  });
}

/** A labelled frame standing in for a demo clip's picture when ffmpeg is absent ("simulated"). */
async function simulatedFrame(cam: ProbedCamera, clip: DemoClip, at: Date): Promise<Buffer> {
  const width = 640;
  const height = 360;
  const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '').replace(/[<>&"']/g, '');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#26323a"/>
<text x="24" y="60" font-family="DejaVu Sans, Arial, sans-serif" font-size="28" fill="#e6edf0">${ascii(cam.code)}</text>
<text x="24" y="104" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" fill="#9fb3bf">demo clip ${ascii(clip)}</text>
<text x="24" y="300" font-family="DejaVu Sans, Arial, sans-serif" font-size="20" fill="#9fb3bf">${at.toISOString()}</text>
<text x="24" y="336" font-family="DejaVu Sans, Arial, sans-serif" font-size="18" fill="#f5a623">SIMULATED SNAPSHOT</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

type Grab =
  | { image: Buffer; simulated: boolean }
  | { error: string; detail?: Record<string, unknown> }
  | null;

/** The picture of one camera: ffmpeg on its stream, a simulated frame for a live demo clip, or null (not grabbed). */
async function grab(app: FastifyInstance, cam: ProbedCamera, target: ProbeTarget): Promise<Grab> {
  const timeoutMs = app.appConfig.cameraProbe.timeoutMs * 2;
  const ffmpeg = await findFfmpeg();
  if (target.kind === 'none') return null;
  if (ffmpeg) {
    const input = target.kind === 'demo' ? demoClipUrl(app, target.clip) : target.url.href;
    try {
      return { image: await grabFrame(ffmpeg, input, target.kind === 'rtsp', timeoutMs), simulated: false };
    } catch {
      // No frame: for a demo clip the probe tells why (e.g. its stream was stopped).
      if (target.kind === 'demo') {
        const probed = await probeTarget(app, target, app.appConfig.cameraProbe.timeoutMs);
        if (!probed.ok) return { error: probed.error ?? 'cameraCheck.snapshotFailed', detail: probed.detail };
      }
      return { error: 'cameraCheck.snapshotFailed' };
    }
  }
  if (target.kind !== 'demo') return null;
  // No ffmpeg: the demo stream must still answer with bytes; the picture is then simulated.
  const probed = await probeTarget(app, target, app.appConfig.cameraProbe.timeoutMs);
  if (!probed.ok) return { error: probed.error ?? 'cameraCheck.snapshotFailed', detail: probed.detail };
  return { image: await simulatedFrame(cam, target.clip, app.appConfig.now()), simulated: true };
}

/** Grabs and stores one camera's snapshot as a check (kind snapshot); null when it cannot be grabbed here. */
export async function snapshotCamera(app: FastifyInstance, cam: ProbedCamera) {
  const target = targetOf(cam, isDemoMode(app));
  const started = performance.now();
  const result = await grab(app, cam, target);
  if (result === null) return null;
  const latencyMs = Math.round(performance.now() - started);
  const at = app.appConfig.now();
  if ('error' in result) {
    return insertCheck(
      app.db,
      {
        cameraId: cam.id,
        kind: 'snapshot',
        ok: false,
        latencyMs,
        error: result.error,
        detail: { via: target.kind, ...result.detail },
      },
      at,
    );
  }
  const stored = await storeImage(app, {
    buffer: result.image,
    subdir: SNAPSHOT_SUBDIR,
    maxBytes: MAX_SNAPSHOT_BYTES,
  });
  try {
    const meta = await sharp(result.image).metadata();
    return await insertCheck(
      app.db,
      {
        cameraId: cam.id,
        kind: 'snapshot',
        ok: true,
        latencyMs,
        error: null,
        detail: {
          via: target.kind,
          simulated: result.simulated,
          width: meta.width ?? null,
          height: meta.height ?? null,
          format: meta.format ?? null,
          bytes: result.image.length,
        },
        mediaPath: stored.path,
      },
      at,
    );
  } catch (error) {
    await removeMedia(app, stored.path);
    throw error;
  }
}

/** One snapshot pass (CAMERA_SNAPSHOT_SECONDS): every enabled camera that can be grabbed here. */
export async function runSnapshotPass(app: FastifyInstance, cameraId?: number) {
  const cameras = await probedCameras(app.db, cameraId);
  const checks: NonNullable<Awaited<ReturnType<typeof snapshotCamera>>>[] = [];
  await eachLimited(
    cameras,
    Math.max(1, Math.floor(app.appConfig.cameraProbe.concurrency / 2)),
    async (cam) => {
      const check = await snapshotCamera(app, cam);
      if (check) checks.push(check);
    },
  );
  return checks;
}
