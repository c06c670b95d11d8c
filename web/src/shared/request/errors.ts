import { MESSAGES } from '@sentinel/contract';

export type RequestErrorKind = 'http' | 'envelope' | 'network' | 'timeout' | 'session';

export class RequestError extends Error {
  constructor(
    message: string,
    readonly kind: RequestErrorKind,
    readonly httpStatus?: number,
    readonly status?: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'RequestError';
  }
}

const PLEASE_LOGIN = new Set<string>([
  'auth.pleaseLogin',
  'auth.expired',
  ...Object.values(MESSAGES['auth.pleaseLogin']),
  ...Object.values(MESSAGES['auth.expired']),
]);

/** Does this failure mean the session is gone (SPEC §8 "please log in")? */
export function meansPleaseLogin(httpStatus: number, message: string | undefined): boolean {
  if (message && PLEASE_LOGIN.has(message.trim())) return true;
  return httpStatus === 401 && !message;
}
