import { z } from 'zod';

/** Images (SPEC §5): real JPEG or PNG only, at most 500 KB, re-encoded by the server. */
export const IMAGE_MAX_BYTES = 500 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png'] as const;

/** What POST /api/v2/backend/media/image?kind=… stores (the media subdirectory). */
export const imageKind = z.enum(['snapshot', 'logo', 'zone']);
export type ImageKind = z.infer<typeof imageKind>;

/** A stored image: `path` (relative to the media directory: keep it) and `url` (show it). */
export const storedImage = z.object({ path: z.string(), url: z.string() });
export type StoredImage = z.infer<typeof storedImage>;

export const MEDIA_API = {
  /** POST multipart/form-data, field `file` → StoredImage (any logged-in user). */
  uploadImage: (kind: ImageKind) => `/api/v2/backend/media/image?kind=${kind}`,
  /** GET a stored file (logged-in: `token` header or the `user_token` cookie, so <img src> works). */
  file: (path: string) => `/api/v2/backend/media/${path.split('/').map(encodeURIComponent).join('/')}`,
} as const;
