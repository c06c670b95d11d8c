import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Factories, plants and areas in one parent-child tree (SPEC §3 "plant, area and factory in a
 * parent-child structure"). `kind` is 'factory' | 'plant' | 'area'. A node that still has
 * children, cameras or scenes cannot be deleted (foreign keys restrict).
 */
export const plantNode = pgTable(
  'plant_node',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => plantNode.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull().default('area'),
    name: text('name').notNull(),
    code: text('code').notNull().default(''),
    description: text('description').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('plant_node_parent_idx').on(t.parentId),
    unique('plant_node_sibling_name_uq').on(t.parentId, t.name).nullsNotDistinct(),
  ],
);
