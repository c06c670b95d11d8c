import type { FieldError, MessageCode } from '@sentinel/contract';

/** A failure with an honest HTTP status and a message code translated for the caller. */
export class AppError extends Error {
  readonly httpStatus: number;
  readonly code: MessageCode;
  readonly data: unknown;

  constructor(httpStatus: number, code: MessageCode, data: unknown = null) {
    super(code);
    this.name = 'AppError';
    this.httpStatus = httpStatus;
    this.code = code;
    this.data = data;
  }
}

export const badRequest = (code: MessageCode, fields?: FieldError[]) =>
  new AppError(400, code, fields ? { fields } : null);
export const unauthorized = () => new AppError(401, 'auth.pleaseLogin');
export const forbidden = (code: MessageCode = 'auth.forbidden') => new AppError(403, code);
export const notFound = (code: MessageCode = 'error.notFound') => new AppError(404, code);
export const conflict = (code: MessageCode = 'error.conflict') => new AppError(409, code);
export const tooManyRequests = (code: MessageCode = 'error.rateLimited') => new AppError(429, code);
