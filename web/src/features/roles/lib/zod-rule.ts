import type { FormRule } from 'antd';
import type { z } from 'zod';
import { tr } from '../../../shared/i18n/i18n.ts';

/**
 * An antd form rule from a contract field schema, so the browser shows exactly the message the
 * server would answer, in the UI language. Empty inputs are passed as `emptyAs`.
 */
export function zodRule(schema: z.ZodType, options: { emptyAs?: unknown } = {}): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const input = value === '' || value === null || value === undefined ? options.emptyAs : value;
      const result = schema.safeParse(input);
      if (!result.success) throw new Error(tr(result.error.issues[0]?.message ?? 'field.invalid'));
    },
  };
}
