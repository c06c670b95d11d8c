/** The response envelope of ARCHITECTURE.md: status 0 on success, the negated HTTP code on failure. */
export interface Envelope<T = unknown> {
  status: number;
  message: string;
  data: T;
}

/** Body of a 400 answer: one entry per invalid field, message already in the caller's language. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ValidationErrorData {
  fields: FieldError[];
}

export interface ListResult<T> {
  list: T[];
  count: number;
}

/** Page sizes of SPEC §9. */
export const PAGE_SIZES = [10, 20, 30, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
