// An engine's alarm posts: ingest's multipart form (text fields, then a ~100 KB JPEG).
import { randomBytes } from 'node:crypto';
import { json, noiseJpeg, request } from './common.mjs';

/**
 * Looks up the plant's cameras and algorithms on `base` (admin `token`) and makes a noise JPEG of
 * about 100 KB; `post(key, fields)` sends an alarm with engine key `key` to `ingestBase` (default
 * `base`): the text `fields` (name → value, in order), then the image. `target(i)` is the i-th
 * alarm's { cameraId, algorithmId }, cycling through the plant's.
 */
export async function alarmPoster(base, token, ingestBase = base) {
  const cameras = (await json(base, '/api/v2/backend/camera/list/all', { method: 'POST', token, body: {} }))
    .data;
  const algorithms = (await json(base, '/api/v2/backend/algorithm/list/all', { token })).data;
  const image = await noiseJpeg(100 * 1024);
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const url = `${ingestBase}/api/v2/backend/ingest/videoAlarm`;
  return {
    image,
    target: (i) => ({
      cameraId: cameras[i % cameras.length].id,
      algorithmId: algorithms[i % algorithms.length].id,
    }),
    post(key, fields) {
      const text = Object.entries(fields)
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('');
      const body = Buffer.concat([Buffer.from(text), head, image, tail]);
      return request(url, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
          'x-engine-key': key,
        },
        body,
      });
    },
  };
}
