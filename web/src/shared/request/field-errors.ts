import type { FieldError } from '@sentinel/contract';
import type { FormInstance } from 'antd';
import { RequestError } from './errors.ts';

/**
 * Puts the server's 400 field errors (`data.fields`, already in the user's language) on the
 * matching form fields, so nothing typed is lost and each bad input says what is wrong.
 * Returns true when at least one field error was placed.
 */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof RequestError)) return false;
  const fields = (error.data as { fields?: FieldError[] } | undefined)?.fields;
  if (!Array.isArray(fields) || fields.length === 0) return false;
  form.setFields(fields.map((f) => ({ name: f.field.split('.'), errors: [f.message] })));
  return true;
}
