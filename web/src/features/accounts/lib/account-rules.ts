import {
  accountDisplayName,
  accountEmail,
  accountName,
  accountPhone,
  accountRoleIds,
  optionalStrictPassword,
} from '@sentinel/contract';
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { tr } from '@/shared/i18n/i18n.ts';

/** The message code of the first problem of `value` under `schema`, or null when it is valid. */
export function schemaError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'field.invalid');
}

/**
 * The account form's checks, each answering a message code (SPEC §5) or null. They use the
 * contract's schemas, so the browser refuses exactly what the server would.
 */
export const accountChecks = {
  accountName: (value: string | undefined) => schemaError(accountName, value ?? ''),
  displayName: (value: string | undefined) => schemaError(accountDisplayName, value ?? ''),
  phone: (value: string | undefined) => schemaError(accountPhone, value ?? ''),
  email: (value: string | undefined) => schemaError(accountEmail, value ?? ''),
  roleIds: (value: number[] | undefined) => schemaError(accountRoleIds, value ?? []),
  /** Empty is allowed: on create the server generates an initial password, on edit it is kept. */
  password: (value: string | undefined) => schemaError(optionalStrictPassword, value || undefined),
  /** Must repeat the password; needed only when a password is typed. */
  confirm: (value: string | undefined, password: string | undefined) => {
    if (!password && !value) return null;
    if (!value) return 'password.required';
    return value === password ? null : 'password.mismatch';
  },
};

/** An antd rule from a check answering a message code, shown in the UI language. */
export function checkRule<V>(check: (value: V) => string | null): FormRule {
  return {
    validator: async (_rule, value: V) => {
      const code = check(value);
      if (code) throw new Error(tr(code));
    },
  };
}
