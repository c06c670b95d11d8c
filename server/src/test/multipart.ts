import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** A multipart/form-data body with one file (and optional text fields) for app.inject. */
export function multipartFile(
  file: Buffer,
  options: { field?: string; filename?: string; contentType?: string; fields?: Record<string, string> } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----sentinel${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${
        options.filename ?? 'image.png'
      }"\r\nContent-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A small real image (solid colour). */
export function testImage(format: 'png' | 'jpeg' | 'gif' = 'png', size = 32): Promise<Buffer> {
  const image = sharp({
    create: { width: size, height: size, channels: 3, background: { r: 200, g: 80, b: 40 } },
  });
  return (format === 'png' ? image.png() : format === 'jpeg' ? image.jpeg() : image.gif()).toBuffer();
}

/** A real PNG padded (after IEND, which decoders ignore) to exactly `bytes` bytes. */
export async function pngOfSize(bytes: number): Promise<Buffer> {
  const png = await testImage('png', 16);
  return Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
}
