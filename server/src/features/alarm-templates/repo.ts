import type { AlarmItem, AlarmTemplateChannel, AlarmTemplateText, Lang } from '@sentinel/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alarmTemplate, videoAlarm } from '../../db/schema/index.ts';
import type { VisibleScenes } from '../../platform/scene-authority.ts';
import { sceneAuthorityWhere, toAlarmItem } from '../alarms/index.ts';

export interface StoredTemplate extends AlarmTemplateText {
  channel: AlarmTemplateChannel;
  lang: Lang;
  updatedAt: Date;
}

/** Every saved template (absent ones use the defaults). */
export async function listTemplates(db: Db): Promise<StoredTemplate[]> {
  const rows = await db.select().from(alarmTemplate);
  return rows.map((r) => ({ ...r, channel: r.channel as AlarmTemplateChannel, lang: r.lang as Lang }));
}

export async function saveTemplate(
  db: Db,
  channel: AlarmTemplateChannel,
  lang: Lang,
  text: AlarmTemplateText,
  now: Date,
): Promise<void> {
  await db
    .insert(alarmTemplate)
    .values({ channel, lang, ...text, updatedAt: now })
    .onConflictDoUpdate({
      target: [alarmTemplate.channel, alarmTemplate.lang],
      set: { ...text, updatedAt: now },
    });
}

/** Removes a saved template (back to the default); false when none was saved. */
export async function deleteTemplate(db: Db, channel: AlarmTemplateChannel, lang: Lang): Promise<boolean> {
  const rows = await db
    .delete(alarmTemplate)
    .where(and(eq(alarmTemplate.channel, channel), eq(alarmTemplate.lang, lang)))
    .returning({ channel: alarmTemplate.channel });
  return rows.length > 0;
}

/** The newest alarms the account sees (the preview's samples). */
export async function recentAlarms(db: Db, scenes: VisibleScenes, limit: number): Promise<AlarmItem[]> {
  const rows = await db
    .select()
    .from(videoAlarm)
    .where(sceneAuthorityWhere(videoAlarm.sceneId, scenes))
    .orderBy(desc(videoAlarm.id))
    .limit(limit);
  return rows.map(toAlarmItem);
}
