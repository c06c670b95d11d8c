import {
  ALARM_API,
  ALGORITHM_API,
  DEVICE_API,
  type Envelope,
  HISTORY_API,
  SCENE_API,
} from '@sentinel/contract';
import sharp from 'sharp';
import type { ApiClient } from './api.ts';

/** Creates an engine through the API and answers its key (shown only once). */
export async function createEngineKey(api: ApiClient, name: string): Promise<string> {
  return (await api<{ key: string }>(ALARM_API.engines, { method: 'POST', body: { name } })).key;
}

export interface DemoRefs {
  sceneId: number;
  cameraId: number;
  algorithmId: number;
}

/** The first scene, camera and algorithm of the demo plant (through the pickers' APIs). */
export async function demoRefs(api: ApiClient): Promise<DemoRefs> {
  const scenes = await api<{ id: number }[]>(SCENE_API.listAll, { method: 'POST', body: {} });
  const cameras = await api<{ id: number }[]>(DEVICE_API.cameraListAll, { method: 'POST', body: {} });
  const algorithms = await api<{ id: number }[]>(ALGORITHM_API.all);
  const [scene, camera, algorithm] = [scenes[0], cameras[0], algorithms[0]];
  if (!scene || !camera || !algorithm) throw new Error('the demo plant has no scene, camera or algorithm');
  return { sceneId: scene.id, cameraId: camera.id, algorithmId: algorithm.id };
}

/** A real image of one colour, as a camera frame would be. */
export function solidImage(
  background: string,
  options: { width?: number; height?: number; format?: 'png' | 'jpeg' } = {},
): Promise<Buffer> {
  const image = sharp({
    create: { width: options.width ?? 64, height: options.height ?? 48, channels: 3, background },
  });
  return (options.format === 'jpeg' ? image.jpeg() : image.png()).toBuffer();
}

const isPng = (image: Buffer) => image[0] === 0x89 && image.subarray(1, 4).toString('latin1') === 'PNG';

function imageBlob(image: Buffer): { blob: Blob; ext: string } {
  const png = isPng(image);
  return {
    blob: new Blob([new Uint8Array(image)], { type: png ? 'image/png' : 'image/jpeg' }),
    ext: png ? 'png' : 'jpg',
  };
}

let eventSeq = 0;
/** An event id no other report of this run has used. */
export function uniqueEventId(prefix: string): string {
  eventSeq += 1;
  return `${prefix}-${Date.now()}-${eventSeq}`;
}

export interface AlarmImages {
  image: Buffer;
  /** The image with the detection drawn on it. */
  imageDraw?: Buffer;
}

/**
 * Reports a video alarm as an engine would (multipart with real images); answers the HTTP status,
 * the envelope's message and the alarm id, without judging them.
 */
export async function postAlarm(
  base: string,
  key: string,
  fields: Record<string, string | number>,
  images: AlarmImages,
): Promise<{ status: number; message: string; id?: number }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  const image = imageBlob(images.image);
  form.set('image', image.blob, `image.${image.ext}`);
  if (images.imageDraw) {
    const drawn = imageBlob(images.imageDraw);
    form.set('imageDraw', drawn.blob, `draw.${drawn.ext}`);
  }
  const res = await fetch(`${base}${ALARM_API.ingest}`, {
    method: 'POST',
    headers: { 'x-engine-key': key, lang: 'en' },
    body: form,
  });
  const envelope = (await res.json()) as Envelope<{ id: number } | null>;
  return { status: res.status, message: envelope.message, id: envelope.data?.id };
}

/** Reports a video alarm (see postAlarm) and answers its id; throws when it is refused. */
export async function ingestAlarm(
  base: string,
  key: string,
  fields: Record<string, string | number>,
  images: AlarmImages,
): Promise<number> {
  const answer = await postAlarm(base, key, fields, images);
  if (answer.status !== 200 || !answer.id)
    throw new Error(`alarm ingest: ${answer.status} ${answer.message}`);
  return answer.id;
}

/** Reports a history event as an engine would (multipart with a real image); answers its id. */
export async function ingestEvent(
  base: string,
  key: string,
  fields: Record<string, string | number>,
  image: Buffer,
): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  const blob = imageBlob(image);
  form.set('image', blob.blob, `event.${blob.ext}`);
  const res = await fetch(`${base}${HISTORY_API.ingestEvent}`, {
    method: 'POST',
    headers: { 'x-engine-key': key, lang: 'en' },
    body: form,
  });
  const envelope = (await res.json()) as Envelope<{ id: number }>;
  if (res.status !== 200) throw new Error(`event ingest: ${res.status} ${envelope.message}`);
  return envelope.data.id;
}

/**
 * A new engine that reports alarms now, of the first demo algorithm on the demo camera CAM-001,
 * each with a JPEG of `background`: answers `report(priority)` → the alarm id.
 */
export async function nowReporter(
  base: string,
  api: ApiClient,
  options: { engineName: string; eventPrefix: string; background: string },
): Promise<(priority: number) => Promise<number>> {
  const key = await createEngineKey(api, options.engineName);
  const { algorithmId } = await demoRefs(api);
  const image = await solidImage(options.background, { format: 'jpeg' });
  return (priority) =>
    ingestAlarm(
      base,
      key,
      {
        eventId: uniqueEventId(options.eventPrefix),
        alarmTime: new Date().toISOString(),
        priority,
        cameraCode: 'CAM-001',
        algorithmId,
      },
      { image },
    );
}
