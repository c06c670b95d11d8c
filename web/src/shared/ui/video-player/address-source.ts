import {
  type CameraStreamVariant,
  STREAM_URL_REFRESH_MS,
  type StreamUrlResult,
  streamUrlResult,
  VIDEO_API,
} from '@sentinel/contract';
import { RequestError } from '@/shared/request/errors.ts';
import { request } from '@/shared/request/request.ts';
import { useUserStore } from '@/shared/stores/user-store.ts';
import { type PageLocation, playableAddress, type SourceKind } from './source-kind.ts';

/** An address a decoder can open. */
export interface PlayableAddress {
  url: string;
  kind: SourceKind;
}

/** Where the player gets the address of its next (re)connect. */
export interface AddressSource {
  /** The address for the next connect; `fresh` asks for a new one (after a failure). */
  get(fresh: boolean, signal: AbortSignal): Promise<PlayableAddress>;
  /** Keep the address fresh while the player is active (camera ids: every 10 s). */
  setActive(active: boolean): void;
  dispose(): void;
}

/**
 * The server refused the camera's address for good (retrying cannot help): a disabled camera,
 * a foreign account, an ended session. `message` is the server's text in the UI language.
 */
export class StreamRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamRefusedError';
  }
}

/** The camera lookup answered 404 (SPEC §8 '未找到摄像头！'). */
export class CameraNotFoundError extends StreamRefusedError {
  constructor(message: string) {
    super(message);
    this.name = 'CameraNotFoundError';
  }
}

/** HTTP statuses that no retry changes (timeouts, throttling and server errors are retried). */
const FINAL_STATUSES = new Set([400, 401, 403, 409, 410]);

/** A file, url or stream address given directly. */
export function fixedAddressSource(address: PlayableAddress): AddressSource {
  return {
    get: async () => address,
    setActive: () => {},
    dispose: () => {},
  };
}

export type FetchStreamUrl = (cameraId: number, signal: AbortSignal) => Promise<StreamUrlResult>;

/**
 * GET streamUrl through the app's request layer (silent: the player shows its own states), for
 * the camera's main stream or its sub stream (video wall cells).
 */
export const fetchStreamUrl = async (
  cameraId: number,
  signal: AbortSignal,
  stream: CameraStreamVariant = 'main',
): Promise<StreamUrlResult> => {
  const accountId = useUserStore.getState().id ?? undefined;
  try {
    const data = await request<unknown>(VIDEO_API.streamUrl, {
      query: { cameraId, accountId, ...(stream === 'main' ? {} : { stream }) },
      silent: true,
      signal,
    });
    return streamUrlResult.parse(data);
  } catch (error) {
    if (!(error instanceof RequestError)) throw error;
    if (error.httpStatus === 404 || error.status === 404) throw new CameraNotFoundError(error.message);
    if (error.kind === 'session' || FINAL_STATUSES.has(error.httpStatus ?? 0)) {
      throw new StreamRefusedError(error.message);
    }
    throw error;
  }
};

/** A cached address is reused for a connect while younger than this and not about to expire. */
const EXPIRY_MARGIN_MS = 2_000;

export function isAddressUsable(
  cached: { fetchedAt: number; expiresAt: number } | null,
  now: number,
  maxAgeMs = STREAM_URL_REFRESH_MS,
): boolean {
  if (!cached) return false;
  if (now - cached.fetchedAt > maxAgeMs) return false;
  return Number.isNaN(cached.expiresAt) || cached.expiresAt - now > EXPIRY_MARGIN_MS;
}

interface CachedAddress extends PlayableAddress {
  fetchedAt: number;
  expiresAt: number;
}

/**
 * A camera id's live address (SPEC §7 "camera stream url ... repeated every 10 seconds"): asked
 * again every STREAM_URL_REFRESH_MS while the player is active, so a (re)connect opens a fresh
 * signed address; a playing stream is never torn down because the token changed.
 */
export function cameraAddressSource(
  cameraId: number,
  location: PageLocation,
  fetcher: FetchStreamUrl = fetchStreamUrl,
  now: () => number = Date.now,
): AddressSource {
  let cached: CachedAddress | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;
  let refresh: AbortController | null = null;

  const load = async (signal: AbortSignal): Promise<CachedAddress> => {
    const result = await fetcher(cameraId, signal);
    const address: CachedAddress = {
      url: playableAddress(result.url, result.kind, location),
      kind: result.kind,
      fetchedAt: now(),
      expiresAt: Date.parse(result.expiresAt),
    };
    cached = address;
    return address;
  };

  const stopRefreshing = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
    refresh?.abort();
    refresh = null;
  };

  return {
    async get(fresh, signal) {
      if (!fresh && cached && isAddressUsable(cached, now())) return cached;
      return load(signal);
    },
    setActive(active) {
      if (!active) return stopRefreshing();
      if (timer !== null) return;
      timer = setInterval(() => {
        refresh?.abort();
        refresh = new AbortController();
        // A failed refresh keeps the stream playing; the next connect asks again and reports.
        load(refresh.signal).catch(() => {
          cached = null;
        });
      }, STREAM_URL_REFRESH_MS);
    },
    dispose() {
      stopRefreshing();
      cached = null;
    },
  };
}
