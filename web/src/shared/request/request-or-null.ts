import { RequestError } from './errors.ts';
import { request } from './request.ts';

/** GETs one record; null when there is none (404, no toast): the page shows its own "not found". */
export async function requestOrNull<T>(path: string): Promise<T | null> {
  try {
    return await request<T>(path, { silent: true });
  } catch (error) {
    if (error instanceof RequestError && error.httpStatus === 404) return null;
    throw error;
  }
}
