import type { FlowChart } from '@sentinel/contract';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const workflowType = pgTable('workflow_type', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A flowchart: nodes (small, large, start, end) and edges as drawn in the editor (see contract/src/workflows.ts). */
export const workflow = pgTable('workflow', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  workflowTypeId: integer('workflow_type_id').references(() => workflowType.id, { onDelete: 'restrict' }),
  chart: jsonb('chart').$type<FlowChart>().notNull().default({ nodes: [], edges: [] }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
