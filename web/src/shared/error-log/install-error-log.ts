import { CLIENT_ERROR_API, type ClientErrorBody } from '@sentinel/contract';
import { request } from '../request/request.ts';
import { useErrorLogStore } from '../stores/error-log-store.ts';
import { useUserStore } from '../stores/user-store.ts';

/**
 * The global error-log handler (SPEC §8): every uncaught error and unhandled rejection in the
 * browser is kept in the errorLog store (administrators see it from the top bar) and reported to
 * the server's log — the same error once, at most REPORTS_PER_MINUTE a minute, only with a
 * session. Reporting never throws (a failed report must not raise another error).
 */
export const REPORTS_PER_MINUTE = 10;

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function describe(reason: unknown): { message: string; stack: string } {
  if (reason instanceof Error)
    return { message: `${reason.name}: ${reason.message}`, stack: reason.stack ?? '' };
  try {
    return { message: typeof reason === 'string' ? reason : JSON.stringify(reason), stack: '' };
  } catch {
    return { message: String(reason), stack: '' };
  }
}

export interface ErrorLogOptions {
  /** Sends one report (default: POST clientError through the request layer, silently). */
  send?: (report: ClientErrorBody) => Promise<unknown>;
  now?: () => number;
}

export function installErrorLog(target: Window = window, options: ErrorLogOptions = {}): () => void {
  const send =
    options.send ??
    ((report: ClientErrorBody) =>
      request(CLIENT_ERROR_API.report, { method: 'POST', body: report, silent: true, noRelogin: true }));
  const now = options.now ?? Date.now;
  const reported = new Set<string>();
  let windowStart = 0;
  let sentInWindow = 0;

  const record = (kind: ClientErrorBody['kind'], message: string, stack: string, source: string) => {
    const entry: ClientErrorBody = {
      kind,
      message: clip(message || 'Error', 2000),
      stack: clip(stack, 8000),
      source: clip(source, 2000),
      route: clip(`${target.location.pathname}${target.location.search}`, 2000),
      time: new Date(now()).toISOString(),
      userAgent: clip(target.navigator.userAgent, 500),
    };
    useErrorLogStore.getState().add(entry);
    const key = `${kind}|${entry.message}|${entry.stack.split('\n')[1] ?? ''}`;
    if (reported.has(key) || !useUserStore.getState().token) return;
    if (now() - windowStart > 60_000) {
      windowStart = now();
      sentInWindow = 0;
    }
    if (sentInWindow >= REPORTS_PER_MINUTE) return;
    reported.add(key);
    sentInWindow += 1;
    void send(entry).catch(() => undefined);
  };

  const onError = (event: ErrorEvent) => {
    const described = describe(event.error ?? event.message);
    const source = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : '';
    record(
      'error',
      event.error ? described.message : event.message || described.message,
      described.stack,
      source,
    );
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const described = describe(event.reason);
    record('unhandledrejection', described.message, described.stack, '');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
