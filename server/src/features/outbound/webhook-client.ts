import http from 'node:http';
import https from 'node:https';

/**
 * The webhook HTTP client: node:http(s) with one keep-alive agent per scheme, not `fetch`.
 * A profile of the outbox bench (bench/README.md "Outbox delivery") showed `fetch` — its Request
 * and Response objects, WHATWG body streams, `AbortSignal.any` + `AbortSignal.timeout` per call —
 * as most of the dispatcher's CPU; a plain request on a kept-alive socket costs a fraction of it.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 64, maxFreeSockets: 64 }),
};

export interface PostAnswer {
  status: number;
  /** The answer's first `maxChars` characters (the rest is read and dropped). */
  text: string;
}

/** A URL as request options, parsed once per distinct URL (receivers are few). */
const parsed = new Map<string, URL>();
function urlOf(url: string): URL {
  let u = parsed.get(url);
  if (!u) {
    u = new URL(url);
    if (parsed.size > 1_000) parsed.clear();
    parsed.set(url, u);
  }
  return u;
}

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
  const client = u.protocol === 'https:' ? https : u.protocol === 'http:' ? http : undefined;
  if (!client) return Promise.reject(new Error(`unsupported URL scheme ${u.protocol}`));
  const payload = Buffer.from(body);
  return new Promise<PostAnswer>((resolve, reject) => {
    let done = false;
    const finish = (error: Error | undefined, answer?: PostAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else if (answer) resolve(answer);
    };
    const req = client.request(u, {
      method: 'POST',
      agent: agents[u.protocol as 'http:' | 'https:'],
      headers: { ...headers, 'content-length': String(payload.length) },
    });
    const timer = setTimeout(() => {
      const error = new Error('timed out');
      error.name = 'TimeoutError';
      finish(error);
      req.destroy(error);
    }, timeoutMs);
    const onAbort = () => {
      const error = new Error('aborted');
      error.name = 'AbortError';
      finish(error);
      req.destroy(error);
    };
    if (signal?.aborted) {
      onAbort();
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => finish(error));
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        if (text.length <= maxChars) text += chunk;
      });
      res.on('end', () => finish(undefined, { status: res.statusCode ?? 0, text }));
      res.on('error', (error) => finish(error));
    });
    req.end(payload);
  });
}
