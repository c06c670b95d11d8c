import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { engine } from '../../db/schema/index.ts';
import { tableRepo } from '../../platform/table-repo.ts';

/** The SQL of the engines (insert, update and delete by id), listed by name. */
export const engineRepo = tableRepo({
  table: engine,
  search: [engine.name],
  orderBy: [asc(engine.name), asc(engine.id)],
});

export type EngineRow = typeof engine.$inferSelect;

/** Every engine, by name. */
export const listEngines = (db: Db) => db.select().from(engine).orderBy(asc(engine.name), asc(engine.id));
