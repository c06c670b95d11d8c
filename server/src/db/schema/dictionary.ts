import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A dictionary type (issue 15 §5): a list the product's selects read. System types are seeded by
 * the migration (the product reads them by code) and cannot be deleted or recoded.
 */
export const dictType = pgTable('dict_type', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique('dict_type_code_uq'),
  nameEn: text('name_en').notNull(),
  nameZh: text('name_zh').notNull(),
  system: boolean('system').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** One option of a type: the stored value, its label in both languages, its place and whether offered. */
export const dictItem = pgTable(
  'dict_item',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => dictType.id, { onDelete: 'restrict' }),
    value: text('value').notNull(),
    labelEn: text('label_en').notNull(),
    labelZh: text('label_zh').notNull(),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('dict_item_type_value_uq').on(t.typeId, t.value),
    index('dict_item_type_idx').on(t.typeId, t.sort),
  ],
);
