import type { Envelope } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { eventRecord, historyAssignment, videoAlarm } from '../../db/schema/index.ts';

export type RunInsert = typeof historyAssignment.$inferInsert;

/** Inserts a run straight into the database (defaults: a completed run of 2024-05-01 08–10 h). */
export async function insertRun(app: FastifyInstance, input: Partial<RunInsert> = {}) {
  const [row] = await app.db
    .insert(historyAssignment)
    .values({
      jobNumber: 'ZY-TEST',
      jobName: '动火作业',
      state: 2,
      startTime: new Date('2024-05-01T08:00:00Z'),
      endTime: new Date('2024-05-01T10:00:00Z'),
      ...input,
    })
    .returning();
  if (!row) throw new Error('run not inserted');
  return row;
}

export async function insertAlarm(app: FastifyInstance, input: Partial<typeof videoAlarm.$inferInsert>) {
  const [row] = await app.db
    .insert(videoAlarm)
    .values({
      alarmTime: new Date('2024-05-01T08:30:00Z'),
      priority: 120003,
      videoAlarmTypeName: '未戴安全帽',
      cameraName: 'CAM-1',
      ...input,
    })
    .returning();
  if (!row) throw new Error('alarm not inserted');
  return row;
}

export async function insertEvent(app: FastifyInstance, input: Partial<typeof eventRecord.$inferInsert>) {
  const [row] = await app.db
    .insert(eventRecord)
    .values({ eventName: '人员进入', eventTime: new Date('2024-05-01T08:10:00Z'), ...input })
    .returning();
  if (!row) throw new Error('event not inserted');
  return row;
}

/** An API call with a user token: status and envelope. */
export async function call<T>(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
): Promise<{ statusCode: number; body: Envelope<T> }> {
  const res = await app.inject({
    method,
    url,
    headers: { token, lang: 'en' },
    ...(payload ? { payload } : {}),
  });
  return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
}
