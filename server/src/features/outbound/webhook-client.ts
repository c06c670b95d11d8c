import { Agent, type Dispatcher } from 'undici';

/**
 * The webhook HTTP client: undici's low-level `dispatch` on one keep-alive Agent (a pool of
 * connections per receiver origin), not `fetch` and not node:http. Profiles of the outbox bench
 * (bench/README.md "Outbox delivery") showed the HTTP exchange as ~80 % of the dispatcher's CPU:
 * `fetch` (Request/Response objects, WHATWG body streams, AbortSignal per call) cost ~3× a plain
 * node:http request, and node:http (IncomingMessage/ClientRequest streams, agent bookkeeping)
 * about twice undici's `dispatch`, which hands the answer's bytes to a handler with no stream.
 */
const agent = new Agent({
  connections: 64,
  keepAliveTimeout: 30_000,
  // The whole exchange has its own timer below; these only keep undici from waiting longer.
  headersTimeout: 0,
  bodyTimeout: 0,
});

export interface PostAnswer {
  status: number;
  /** The answer's first `maxChars` characters, and one more when it was longer (the rest is read and dropped). */
  text: string;
}

/** A URL's origin and path, parsed once per distinct URL (receivers are few). */
const parsed = new Map<string, { origin: string; path: string; protocol: string }>();
function urlOf(url: string) {
  let u = parsed.get(url);
  if (!u) {
    const whole = new URL(url);
    u = { origin: whole.origin, path: `${whole.pathname}${whole.search}`, protocol: whole.protocol };
    if (parsed.size > 1_000) parsed.clear();
    parsed.set(url, u);
  }
  return u;
}

const named = (name: string, message: string) => {
  const error = new Error(message);
  error.name = name;
  return error;
};

/**
 * POSTs `body`; answers the status and the start of the answer, or throws (network error,
 * 'timed out' after `timeoutMs` for the whole exchange, or the signal's abort). No redirect is
 * followed (a 3xx is an answer like any other).
 */
export function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  maxChars: number,
  signal?: AbortSignal,
): Promise<PostAnswer> {
  const u = urlOf(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    return Promise.reject(new Error(`unsupported URL scheme ${u.protocol}`));
  }
  return new Promise<PostAnswer>((resolve, reject) => {
    let done = false;
    let controller: Dispatcher.DispatchController | undefined;
    /** Set when the exchange must stop before undici handed us its controller. */
    let stopWith: Error | undefined;
    let status = 0;
    let text = '';
    const decoder = new TextDecoder();
    const finish = (error: Error | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else
        resolve({
          status,
          text: text.length > maxChars ? text : (text + decoder.decode()).slice(0, maxChars + 1),
        });
    };
    const stop = (error: Error) => {
      finish(error);
      if (controller) {
        if (!controller.aborted) controller.abort(error);
      } else stopWith = error;
    };
    const timer = setTimeout(() => stop(named('TimeoutError', 'timed out')), timeoutMs);
    const onAbort = () => stop(named('AbortError', 'aborted'));
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    agent.dispatch(
      { origin: u.origin, path: u.path, method: 'POST', headers, body },
      {
        onRequestStart(c) {
          controller = c;
          if (stopWith) c.abort(stopWith);
        },
        onResponseStart(_c, statusCode) {
          status = statusCode;
        },
        onResponseData(_c, chunk) {
          // One character past maxChars, so that the caller can tell the answer was cut.
          if (text.length <= maxChars)
            text += decoder.decode(chunk, { stream: true }).slice(0, maxChars + 1 - text.length);
        },
        onResponseEnd() {
          finish(undefined);
        },
        onResponseError(_c, error) {
          finish(error);
        },
      },
    );
  });
}
