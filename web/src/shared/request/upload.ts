import type { Envelope } from '@sentinel/contract';
import { currentLang, i18n, tr } from '../i18n/i18n.ts';
import { useUserStore } from '../stores/user-store.ts';
import { meansPleaseLogin, RequestError } from './errors.ts';
import { showRelogin } from './relogin.ts';
import { LONG_TIMEOUT_MS } from './request.ts';

export interface UploadProgress {
  /** 0–100 (whole numbers). */
  percent: number;
  loaded: number;
  /** 0 when the browser cannot tell. */
  total: number;
}

export interface UploadOptions {
  /** The multipart field of the file (default `file`). */
  field?: string;
  /** Other multipart fields sent before the file. */
  fields?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Default: the long timeout (SPEC §9's 1,200,000 ms), a large video takes a while. */
  timeoutMs?: number;
  /** Do not open the relogin dialog when the session is gone (the caller handles it). */
  silent?: boolean;
}

/** What the upload needs of XMLHttpRequest (tests hand in a fake). */
export type XhrFactory = () => XMLHttpRequest;

let createXhr: XhrFactory = () => new XMLHttpRequest();

/** Tests only: replace (or, without an argument, restore) the XMLHttpRequest factory. */
export function setXhrFactory(factory?: XhrFactory): void {
  createXhr = factory ?? (() => new XMLHttpRequest());
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number';
}

function parse(text: string): Envelope | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isEnvelope(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * POSTs one file as multipart with upload progress (fetch cannot report it), with the request
 * layer's `token` and `lang` headers. Resolves the server's envelope (message in the UI language)
 * or rejects with a RequestError carrying the server's message; a lost session opens the relogin
 * dialog (unless `silent`). Errors are not toasted: the caller shows them next to its field.
 * An aborted upload rejects with an AbortError DOMException.
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<Envelope<T>> {
  const { field = 'file', fields = {}, onProgress, signal, timeoutMs = LONG_TIMEOUT_MS, silent } = options;
  return new Promise<Envelope<T>>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = createXhr();
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    const fileName = file instanceof File ? file.name : 'blob';
    body.append(field, file, fileName);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    const fail = (error: Error) => {
      done();
      reject(error);
    };

    xhr.open('POST', path);
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('lang', currentLang());
    xhr.setRequestHeader('Accept', 'application/json');
    const token = useUserStore.getState().token;
    if (token) xhr.setRequestHeader('token', token);

    xhr.upload.onprogress = (event: ProgressEvent) => {
      if (!onProgress) return;
      const total = event.lengthComputable ? event.total : 0;
      const percent = total > 0 ? Math.min(100, Math.floor((event.loaded / total) * 100)) : 0;
      onProgress({ percent, loaded: event.loaded, total });
    };
    xhr.onabort = () => fail(new DOMException('The upload was aborted', 'AbortError'));
    xhr.ontimeout = () => fail(new RequestError(i18n.t('requestTimeout'), 'timeout'));
    xhr.onerror = () => fail(new RequestError(i18n.t('networkError'), 'network'));
    xhr.onload = () => {
      const envelope = parse(typeof xhr.responseText === 'string' ? xhr.responseText : '');
      const serverMessage = envelope?.message ? tr(envelope.message) : '';
      const status = xhr.status;
      if (meansPleaseLogin(status, envelope?.message) && (status !== 200 || (envelope?.status ?? 0) < 0)) {
        if (!silent) showRelogin();
        fail(
          new RequestError(serverMessage || i18n.t('relogin.content'), 'session', status, envelope?.status),
        );
        return;
      }
      if (status !== 200) {
        fail(
          new RequestError(
            serverMessage || i18n.t('httpStatus', { status }),
            'http',
            status,
            envelope?.status,
            envelope?.data,
          ),
        );
        return;
      }
      if (!envelope) {
        fail(new RequestError(i18n.t('error'), 'envelope', status));
        return;
      }
      if (envelope.status < 0) {
        fail(
          new RequestError(
            serverMessage || i18n.t('error'),
            'envelope',
            status,
            envelope.status,
            envelope.data,
          ),
        );
        return;
      }
      done();
      onProgress?.({ percent: 100, loaded: file.size, total: file.size });
      resolve({ ...envelope, message: serverMessage } as Envelope<T>);
    };
    xhr.send(body);
  });
}
