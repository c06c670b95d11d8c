import { z } from 'zod';
import type { Title } from './menu-node.ts';
import { optionalText, PRIORITY_CODES, pageQuery, positiveInt, requiredText } from './validators.ts';

/** Algorithms catalogue (issue 3 §4): algorithm types and algorithms with their levels. */
const BASE = '/api/v2/backend';
export const ALGORITHM_API = {
  typeList: `${BASE}/algorithmType/list`,
  typeAll: `${BASE}/algorithmType/list/all`,
  type: `${BASE}/algorithmType`,
  typeOne: (id: number) => `${BASE}/algorithmType/${id}`,
  list: `${BASE}/algorithm/list`,
  /** Any logged-in user: the algorithms for pickers (e.g. adding algorithms to a scene camera). */
  all: `${BASE}/algorithm/list/all`,
  create: `${BASE}/algorithm`,
  one: (id: number) => `${BASE}/algorithm/${id}`,
} as const;

export type PriorityCode = (typeof PRIORITY_CODES)[number];

/** Priority labels (SPEC §4): 120001 hint, 120002 general, 120003 serious, 120004 urgent. */
export const PRIORITY_LABELS: Record<PriorityCode, Title> = {
  120001: { en: 'Hint', 'zh-CN': '提示' },
  120002: { en: 'General', 'zh-CN': '一般' },
  120003: { en: 'Serious', 'zh-CN': '严重' },
  120004: { en: 'Urgent', 'zh-CN': '紧急' },
};

/** Tag colours for the priorities (hint → urgent). */
export const PRIORITY_COLORS: Record<PriorityCode, string> = {
  120001: 'blue',
  120002: 'gold',
  120003: 'orange',
  120004: 'red',
};

export const isPriorityCode = (value: number): value is PriorityCode =>
  (PRIORITY_CODES as readonly number[]).includes(value);

const level = z.coerce
  .number({ error: 'field.invalid' })
  .refine((v) => isPriorityCode(v), { error: 'field.invalid' });

// ---------- Algorithm types ----------

export const algorithmTypeListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, { error: 'field.tooLong' }).default(''),
});
export type AlgorithmTypeListQuery = z.input<typeof algorithmTypeListQuery>;

export const algorithmTypeBody = z.object({
  name: requiredText(50),
  description: optionalText(500),
});
export type AlgorithmTypeBody = z.input<typeof algorithmTypeBody>;

export const algorithmTypeItem = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** How many algorithms belong to it. */
  algorithmCount: z.number(),
  createdAt: z.string(),
});
export type AlgorithmTypeItem = z.infer<typeof algorithmTypeItem>;
export const algorithmTypeList = z.object({ list: z.array(algorithmTypeItem), count: z.number() });
export const algorithmTypeOption = z.object({ id: z.number(), name: z.string() });
export type AlgorithmTypeOption = z.infer<typeof algorithmTypeOption>;

// ---------- Algorithms ----------

export const algorithmListQuery = pageQuery.extend({
  keyword: z.string().trim().max(100, { error: 'field.tooLong' }).default(''),
  typeId: z.preprocess((v) => (v === '' || v === null ? undefined : v), positiveInt.optional()),
  enabled: z.boolean().optional(),
});
export type AlgorithmListQuery = z.input<typeof algorithmListQuery>;

export const algorithmBody = z
  .object({
    name: requiredText(50),
    code: requiredText(50),
    typeId: z.preprocess((v) => (v === '' || v === undefined ? null : v), positiveInt.nullable()),
    /** Model name and version, e.g. yolov8-ppe v2.3. */
    model: optionalText(100),
    /** The trained instance the engine runs. */
    instance: optionalText(100),
    description: optionalText(500),
    /** Priorities that may be chosen when the algorithm runs on a camera (at least one). */
    levels: z
      .array(level, { error: 'field.required' })
      .min(1, { error: 'field.required' })
      .max(4)
      .transform((values) => [...new Set(values)].sort((a, b) => a - b)),
    defaultLevel: level,
    enabled: z.boolean().default(true),
  })
  .superRefine((value, ctx) => {
    // Also runs when other fields failed: judge only well-formed values.
    const { levels, defaultLevel } = value as { levels: unknown; defaultLevel: unknown };
    if (!Array.isArray(levels) || levels.length === 0 || typeof defaultLevel !== 'number') return;
    if (!levels.every((l) => typeof l === 'number' && isPriorityCode(l)) || !isPriorityCode(defaultLevel))
      return;
    if (!levels.includes(defaultLevel)) {
      ctx.addIssue({ code: 'custom', path: ['defaultLevel'], message: 'algorithm.defaultLevel' });
    }
  });
export type AlgorithmBody = z.input<typeof algorithmBody>;

export const algorithmItem = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  typeId: z.number().nullable(),
  typeName: z.string().nullable(),
  model: z.string(),
  instance: z.string(),
  description: z.string(),
  levels: z.array(z.number()),
  defaultLevel: z.number(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type AlgorithmItem = z.infer<typeof algorithmItem>;
export const algorithmList = z.object({ list: z.array(algorithmItem), count: z.number() });

/** GET /algorithm/list/all: the enabled algorithms, for pickers. */
export const algorithmOption = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string(),
  typeName: z.string().nullable(),
  levels: z.array(z.number()),
  defaultLevel: z.number(),
});
export type AlgorithmOption = z.infer<typeof algorithmOption>;
