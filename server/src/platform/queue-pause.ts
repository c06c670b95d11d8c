import { eq, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { appSetting } from '../db/schema/index.ts';

/**
 * Pausing a queue (issue 14 §2, the queue monitor): a paused queue keeps what it holds but no
 * worker takes from it, on any instance — the flag is an `app_setting` row read inside each claim's
 * own statement (`queueNotPaused`), so a pause holds from the next claim on without a restart or a
 * message between instances. Running items finish.
 */

const PREFIX = 'queue.paused.';

export interface QueuePause {
  accountName: string;
  at: string;
}

/** SQL true when the queue named by `queue` (a column or a parameter) is not paused. */
export const queueNotPaused = (queue: SQL | string): SQL =>
  sql`not exists (select 1 from ${appSetting} where ${appSetting.key} = ${PREFIX} || ${queue})`;

export async function pauseQueue(db: Db, queue: string, pause: QueuePause): Promise<void> {
  await db
    .insert(appSetting)
    .values({ key: PREFIX + queue, value: JSON.stringify(pause) })
    .onConflictDoNothing();
}

/** True when it was paused. */
export async function resumeQueue(db: Db, queue: string): Promise<boolean> {
  const rows = await db
    .delete(appSetting)
    .where(eq(appSetting.key, PREFIX + queue))
    .returning({ key: appSetting.key });
  return rows.length > 0;
}

/** Every paused queue with who paused it and when. */
export async function pausedQueues(db: Db): Promise<Map<string, QueuePause>> {
  const rows = await db
    .select()
    .from(appSetting)
    .where(like(appSetting.key, `${PREFIX}%`));
  const paused = new Map<string, QueuePause>();
  for (const row of rows) {
    try {
      paused.set(row.key.slice(PREFIX.length), JSON.parse(row.value) as QueuePause);
    } catch {
      paused.set(row.key.slice(PREFIX.length), { accountName: '', at: '' });
    }
  }
  return paused;
}
