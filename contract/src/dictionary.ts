/** System settings › Dictionary (issue 15 §5): types and items the product's lists read. */
import { z } from 'zod';
import { intField, recordId, requiredText } from './validators.ts';

export const DICTIONARY_API = {
  /** GET → every type with its item count. */
  types: '/api/v2/backend/dictionary/types',
  /** POST → adds a type; PUT/DELETE `type(id)` edit and delete it (system types cannot be deleted). */
  addType: '/api/v2/backend/dictionary/type',
  type: (id: number) => `/api/v2/backend/dictionary/type/${id}`,
  /** GET → a type's items (all, in order), for the catalogue. */
  items: (typeId: number) => `/api/v2/backend/dictionary/type/${typeId}/items`,
  /** POST → adds an item; PUT/DELETE `item(id)`. */
  addItem: '/api/v2/backend/dictionary/item',
  item: (id: number) => `/api/v2/backend/dictionary/item/${id}`,
  /** PUT { ids } → the type's items in this order. */
  reorder: (typeId: number) => `/api/v2/backend/dictionary/type/${typeId}/order`,
  /** GET → the enabled items of a type by code, in order (what selects show; any logged-in user). */
  options: (code: string) => `/api/v2/backend/dictionary/options/${encodeURIComponent(code)}`,
} as const;

/** Published on the event stream after any change: selects reload their options. */
export const DICTIONARY_CHANGED = 'dictionary.changed';

/** The lists the product reads from the dictionary (system types: seeded, never deleted). */
export const DICTIONARY_TYPES = {
  falseAlarmReason: 'falseAlarmReason',
  cameraTypeKind: 'cameraTypeKind',
} as const;

const code = z
  .string({ error: 'field.required' })
  .trim()
  .min(1, { error: 'field.required' })
  .max(64, { error: 'field.tooLong' })
  .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, { error: 'dictionary.badCode' });

export const dictionaryTypeBody = z.object({
  code,
  nameEn: requiredText(64),
  nameZh: requiredText(64),
});
export type DictionaryTypeBody = z.infer<typeof dictionaryTypeBody>;

export const dictionaryType = z.object({
  id: z.number(),
  code: z.string(),
  nameEn: z.string(),
  nameZh: z.string(),
  system: z.boolean(),
  itemCount: z.number(),
});
export type DictionaryType = z.infer<typeof dictionaryType>;

export const dictionaryItemBody = z.object({
  typeId: recordId(),
  value: code,
  labelEn: requiredText(64),
  labelZh: requiredText(64),
  sort: intField().optional(),
  enabled: z.boolean().default(true),
});
export type DictionaryItemBody = z.input<typeof dictionaryItemBody>;

export const dictionaryItem = z.object({
  id: z.number(),
  typeId: z.number(),
  value: z.string(),
  labelEn: z.string(),
  labelZh: z.string(),
  sort: z.number(),
  enabled: z.boolean(),
  /** How many records hold this value (false-alarm records, camera types …); 0 for other types. */
  usage: z.number(),
});
export type DictionaryItem = z.infer<typeof dictionaryItem>;

export const dictionaryOrderBody = z.object({ ids: z.array(recordId()).min(1).max(500) });
export const dictionaryCodeParams = z.object({ code: z.string().min(1).max(64) });

/** What a select shows: value and both labels. */
export const dictionaryOption = z.object({ value: z.string(), labelEn: z.string(), labelZh: z.string() });
export type DictionaryOption = z.infer<typeof dictionaryOption>;

export const DICTIONARY_MESSAGES = {
  'dictionary.badCode': {
    en: 'Use letters, digits, "_", "." or "-", starting with a letter',
    'zh-CN': '只能包含字母、数字、“_”、“.”、“-”，且以字母开头',
  },
  'dictionary.duplicateType': {
    en: 'A dictionary type with this code already exists',
    'zh-CN': '已存在相同编码的字典类型',
  },
  'dictionary.duplicateItem': {
    en: 'This type already has an item with this value',
    'zh-CN': '该类型下已存在相同值的字典项',
  },
  'dictionary.systemType': {
    en: 'A system type cannot be deleted (the product reads it)',
    'zh-CN': '系统类型不能删除（系统正在使用）',
  },
  'dictionary.typeNotEmpty': {
    en: 'Delete the items of this type first',
    'zh-CN': '请先删除该类型下的字典项',
  },
  'dictionary.itemInUse': {
    en: 'This item is used by {count} records and cannot be deleted; disable it instead',
    'zh-CN': '该字典项已被{count}条记录使用，不能删除，可将其停用',
  },
  'dictionary.valueNotAllowed': {
    en: 'This value is not an enabled item of the dictionary',
    'zh-CN': '该值不是字典中已启用的选项',
  },
  'dictionary.codeFixed': {
    en: 'The code of a system type, or of a type with items, cannot change; an item stays in its type',
    'zh-CN': '系统类型或已有字典项的类型不能修改编码；字典项不能移到其他类型',
  },
} as const;
