import type { Envelope } from '@sentinel/contract';
import { currentLang, i18n, tr } from '../i18n/i18n.ts';
import { useUserStore } from '../stores/user-store.ts';
import { toast } from '../ui/feedback.ts';
import { meansPleaseLogin, RequestError } from './errors.ts';
import { showRelogin } from './relogin.ts';

export const TIMEOUT_MS = 10_000;
export const LONG_TIMEOUT_MS = 1_200_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** SPEC §9 long calls (login, scene list all, scene/camera enable, disable, batch, add). */
  long?: boolean;
  /**
   * Do not show error or success toasts (the caller reports the error). An ended session still
   * shows the relogin dialog (SPEC §8): a silent list refresh after a lock must not leave the user
   * looking at stale rows.
   */
  silent?: boolean;
  /** Do not show the relogin dialog either (the session bootstrap and logout handle it). */
  noRelogin?: boolean;
  signal?: AbortSignal;
  /** An action's success toast when the screen words it otherwise than the server (SPEC §8). */
  successText?: string;
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number';
}

async function send(path: string, options: RequestOptions): Promise<Envelope> {
  const { method = 'GET', body, long, signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(
    () => {
      timedOut = true;
      controller.abort();
    },
    long ? LONG_TIMEOUT_MS : TIMEOUT_MS,
  );
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const headers: Record<string, string> = { lang: currentLang(), Accept: 'application/json' };
  const token = useUserStore.getState().token;
  if (token) headers.token = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const notify = !options.silent;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (error) {
    clearTimeout(timer);
    if (signal?.aborted) throw error;
    const kind = timedOut ? 'timeout' : 'network';
    const text = i18n.t(timedOut ? 'requestTimeout' : 'networkError');
    if (notify) toast.error(text);
    throw new RequestError(text, kind);
  }
  clearTimeout(timer);
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const envelope = isEnvelope(payload) ? payload : undefined;
  const serverMessage = envelope?.message ? tr(envelope.message) : '';
  if (
    meansPleaseLogin(response.status, envelope?.message) &&
    (response.status !== 200 || (envelope?.status ?? 0) < 0)
  ) {
    if (!options.noRelogin) showRelogin();
    throw new RequestError(
      serverMessage || i18n.t('relogin.content'),
      'session',
      response.status,
      envelope?.status,
    );
  }
  if (response.status !== 200) {
    // SPEC §8: a status other than 200 shows an error message with the status, with or without
    // the server's message; the error itself carries the message for the caller's own use.
    const text = serverMessage || i18n.t('httpStatus', { status: response.status });
    if (notify) {
      toast.error(
        serverMessage
          ? i18n.t('httpStatusMessage', { message: serverMessage, status: response.status })
          : text,
      );
    }
    throw new RequestError(text, 'http', response.status, envelope?.status, envelope?.data);
  }
  if (!envelope) {
    const text = i18n.t('error');
    if (notify) toast.error(text);
    throw new RequestError(text, 'envelope', response.status);
  }
  if (envelope.status < 0) {
    const text = serverMessage || i18n.t('error');
    if (notify) toast.error(text);
    throw new RequestError(text, 'envelope', response.status, envelope.status, envelope.data);
  }
  return { ...envelope, message: serverMessage };
}

/** Call the API; resolves with `data` of a successful envelope, rejects (after telling the user) otherwise. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await send(path, options);
  return envelope.data as T;
}

/** An action (SPEC §7 "Response handling"): status >= 0 shows the server message as a success toast. */
export async function action<T>(path: string, options: RequestOptions = {}): Promise<Envelope<T>> {
  const envelope = await send(path, { method: 'POST', ...options });
  const text = options.successText ?? envelope.message;
  if (text && !options.silent) toast.success(text);
  return envelope as Envelope<T>;
}
