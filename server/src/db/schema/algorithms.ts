import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Algorithm types (catalogue grouping: PPE, intrusion, fire and smoke, behaviour…). */
export const algorithmType = pgTable('algorithm_type', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * Algorithm (SPEC §3: name, model, instance). `levels` lists the alarm priority codes
 * (120001 hint … 120004 urgent) that can be chosen when the algorithm runs on a camera.
 */
export const algorithm = pgTable(
  'algorithm',
  {
    id: serial('id').primaryKey(),
    typeId: integer('type_id').references(() => algorithmType.id, { onDelete: 'restrict' }),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    model: text('model').notNull().default(''),
    instance: text('instance').notNull().default(''),
    description: text('description').notNull().default(''),
    levels: jsonb('levels').$type<number[]>().notNull().default([120002, 120003]),
    defaultLevel: integer('default_level').notNull().default(120002),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('algorithm_type_idx').on(t.typeId)],
);
