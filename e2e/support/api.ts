import { API, type Envelope } from '@sentinel/contract';
import { TEST_CAPTCHA } from './server.ts';

/** A password that meets the strict rule of SPEC §5. */
export const NEW_PASSWORD = 'Sentinel-Control-Room-7';

async function call<T>(
  base: string,
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', lang: 'en' };
  if (init.token) headers.token = init.token;
  const res = await fetch(`${base}${path}`, { ...init, headers });
  return (await res.json()) as Envelope<T>;
}

export async function apiLogin(base: string, username: string, password: string): Promise<string> {
  const captcha = await call<{ key: string }>(base, API.captcha);
  const login = await call<{ token: string }>(base, API.login, {
    method: 'POST',
    body: JSON.stringify({ username, password, key: captcha.data.key, code: TEST_CAPTCHA }),
  });
  if (login.status !== 0) throw new Error(`login failed: ${login.message}`);
  return login.data.token;
}

/** Replaces an account's initial password through the API, so a test can start past first login. */
export async function apiChangePassword(
  base: string,
  username: string,
  from: string,
  to: string,
): Promise<void> {
  const token = await apiLogin(base, username, from);
  const changed = await call(base, API.changePassword, {
    method: 'PUT',
    token,
    body: JSON.stringify({ password: from, newpassword: to }),
  });
  if (changed.status !== 0) throw new Error(`password change failed: ${changed.message}`);
}

export interface ApiInit {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Calls as an engine (`x-engine-key`) instead of with the account's token. */
  key?: string;
}

/** A JSON client for one server, signed in with `token`. */
export interface ApiClient {
  /** The answer's data; throws on an HTTP error or a negative envelope status. */
  <T>(path: string, init?: ApiInit): Promise<T>;
  /** The whole envelope, whatever its status (for tests that check it). */
  envelope<T>(path: string, init?: ApiInit): Promise<Envelope<T>>;
}

export function apiClient(base: string, token: string): ApiClient {
  const send = async <T>(path: string, init: ApiInit) => {
    const res = await fetch(`${base}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        lang: 'en',
        ...(init.key ? { 'x-engine-key': init.key } : { token }),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { res, envelope: (await res.json()) as Envelope<T> };
  };
  const data = async <T>(path: string, init: ApiInit = {}): Promise<T> => {
    const { res, envelope } = await send<T>(path, init);
    if (res.status !== 200 || envelope.status < 0)
      throw new Error(`${path}: ${res.status} ${envelope.message}`);
    return envelope.data;
  };
  return Object.assign(data, {
    envelope: async <T>(path: string, init: ApiInit = {}) => (await send<T>(path, init)).envelope,
  });
}
