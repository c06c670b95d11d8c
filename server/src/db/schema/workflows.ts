import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const workflowType = pgTable('workflow_type', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A flowchart as stored: nodes (small, large, start, end) and edges as drawn in the editor. The
 * API writes complete charts (contract `flowChart`: node data responsible / checkItem /
 * description, edge labels) and normalises what it reads through that schema.
 */
export interface FlowChart {
  nodes: Array<{
    id: string;
    shape: 'small' | 'large' | 'start' | 'end';
    label: string;
    x: number;
    y: number;
    data?: Record<string, unknown>;
  }>;
  edges: Array<{ id: string; source: string; target: string; label?: string }>;
}

export const workflow = pgTable('workflow', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  workflowTypeId: integer('workflow_type_id').references(() => workflowType.id, { onDelete: 'restrict' }),
  chart: jsonb('chart').$type<FlowChart>().notNull().default({ nodes: [], edges: [] }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
