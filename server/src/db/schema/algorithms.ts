import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
// A cycle between the two files is fine: references are resolved lazily (() => table.column).
import { aiModel, algorithmVersion, type InstanceParams } from './ai-platform.ts';

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
 * An algorithm made from a base model is an algorithm instance (issue 13): `modelId`, the wizard's
 * `params` while it is a draft (`draft`, `wizardStep` 1–4: not offered to scenes or engines), and
 * its immutable versions, of which `liveVersionId` is the one the engines run.
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
    modelId: integer('model_id').references(() => aiModel.id, { onDelete: 'restrict' }),
    draft: boolean('draft').notNull().default(false),
    wizardStep: integer('wizard_step').notNull().default(0),
    params: jsonb('params').$type<InstanceParams | null>(),
    liveVersionId: integer('live_version_id').references((): AnyPgColumn => algorithmVersion.id, {
      onDelete: 'set null',
    }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('algorithm_type_idx').on(t.typeId)],
);
