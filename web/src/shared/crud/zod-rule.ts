import type { FormRule } from 'antd';
import type { z } from 'zod';
import { tr } from '../i18n/i18n.ts';

/**
 * An antd form rule from a contract field schema, so the browser shows exactly the message the
 * server would answer (SPEC §5), in the UI language. Empty inputs are passed as `emptyAs`.
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

/** The high bound must be above the low bound (both optional): the server's 'threshold.order'. */
export function aboveRule(lowField: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      const low: unknown = getFieldValue(lowField);
      if (typeof low === 'number' && typeof value === 'number' && !(low < value)) {
        throw new Error(tr('threshold.order'));
      }
    },
  });
}
