import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/**
 * A raw SQL statement prepared under `name` (drizzle's `.prepare()` exists only for its query
 * builders): every value in it is a `sql.placeholder(…)`, bound at each call. node-postgres parses
 * and plans it once per connection instead of on every call; PGlite runs it as a plain query.
 * Both drivers answer `{ rows }`.
 */
export function prepareRaw<Row>(db: Db, name: string, query: SQL) {
  const prepared = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false);
  return (values: Record<string, unknown>) => prepared.execute(values) as Promise<{ rows: Row[] }>;
}
