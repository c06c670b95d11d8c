import { desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { serverInstance } from '../../db/schema/index.ts';

export type ServerInstanceRow = typeof serverInstance.$inferSelect;

/** Writes (inserts or refreshes) one instance's status row. */
export async function saveInstanceStatus(
  db: Db,
  row: {
    id: string;
    hostname: string;
    pid: number;
    startedAt: Date;
    lastSeenAt: Date;
    status: Record<string, unknown>;
  },
): Promise<void> {
  await db
    .insert(serverInstance)
    .values(row)
    .onConflictDoUpdate({
      target: serverInstance.id,
      set: { lastSeenAt: row.lastSeenAt, status: row.status },
    });
}

/** Every instance's row, the most recently seen first. */
export async function listInstances(db: Db): Promise<ServerInstanceRow[]> {
  return db.select().from(serverInstance).orderBy(desc(serverInstance.lastSeenAt), serverInstance.id);
}

/** Removes the rows not refreshed since `before` (instances gone for a day). */
export async function removeInstancesSeenBefore(db: Db, before: Date): Promise<void> {
  await db.delete(serverInstance).where(lt(serverInstance.lastSeenAt, before));
}

/** Removes this instance's row (clean shutdown). */
export async function removeInstance(db: Db, id: string): Promise<void> {
  await db.delete(serverInstance).where(eq(serverInstance.id, id));
}

/** PostgreSQL only: the database's size in bytes, its open connections and the server version. */
export async function postgresFigures(
  db: Db,
): Promise<{ size: number; connections: number; version: string }> {
  const result = await db.execute<{ size: string; connections: string; version: string }>(
    sql`select pg_database_size(current_database())::text as size,
      (select count(*) from pg_stat_activity where datname = current_database())::text as connections,
      current_setting('server_version') as version`,
  );
  const row = (result as unknown as { rows: { size: string; connections: string; version: string }[] })
    .rows[0];
  return {
    size: Number(row?.size ?? 0),
    connections: Number(row?.connections ?? 0),
    version: row?.version ?? '',
  };
}

/** The database server's version (PGlite answers its embedded PostgreSQL version). */
export async function databaseVersion(db: Db): Promise<string> {
  const result = await db.execute<{ version: string }>(
    sql`select current_setting('server_version') as version`,
  );
  return (result as unknown as { rows: { version: string }[] }).rows[0]?.version ?? '';
}
