import type { ReportDefinitionBody, ReportDefinitionItem } from '@sentinel/contract';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { visibleScenes } from '../../platform/scene-authority.ts';
import type { SessionUser } from '../../platform/types.ts';
import { countExisting, type DefinitionRow, namesFor, type RecordRow } from './repo.ts';
import type { ReportSnapshot } from './sender.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** 400 with the field when a referenced plant, area, scene or account does not exist. */
export async function checkReferences(db: Db, body: ReportDefinitionBody): Promise<void> {
  const nodes = [
    ...new Set([...body.scope.factoryIds, ...body.scope.areaIds, ...(body.plantId ? [body.plantId] : [])]),
  ];
  const scenes = [...new Set(body.scope.sceneIds)];
  if ((await countExisting(db, 'node', nodes)) !== nodes.length) {
    throw badRequest('reportSending.unknownPlace', [
      { field: 'scope', message: 'reportSending.unknownPlace' },
    ]);
  }
  if ((await countExisting(db, 'scene', scenes)) !== scenes.length) {
    throw badRequest('reportSending.unknownPlace', [
      { field: 'scope', message: 'reportSending.unknownPlace' },
    ]);
  }
  const accounts = [...new Set(body.recipients.flatMap((r) => (r.accountId === null ? [] : [r.accountId])))];
  if ((await countExisting(db, 'account', accounts)) !== accounts.length) {
    throw badRequest('reportSending.unknownAccount', [
      { field: 'recipients', message: 'reportSending.unknownAccount' },
    ]);
  }
}

/**
 * A report is computed over every scene of its scope, and its recipients need not see them all —
 * so whoever saves or previews a definition must see every scene it covers: an account limited to
 * some scenes may report only on scenes of its own (not the whole system, a plant or an area, which
 * hold scenes it may not see). 400 on the scope otherwise.
 */
export async function checkAuthority(
  db: Db,
  user: Pick<SessionUser, 'accountId' | 'isAdmin'>,
  body: ReportDefinitionBody,
): Promise<void> {
  const scenes = await visibleScenes(db, user);
  if (scenes === 'all') return;
  const { factoryIds, areaIds, sceneIds } = body.scope;
  const wide = factoryIds.length > 0 || areaIds.length > 0 || body.plantId !== null || sceneIds.length === 0;
  const own = new Set(scenes);
  if (wide || sceneIds.some((id) => !own.has(id))) {
    throw badRequest('reportSending.outsideAuthority', [
      { field: 'scope', message: 'reportSending.outsideAuthority' },
    ]);
  }
}

/** The API's items for definition rows (plant and account names looked up in one go). */
export async function toItems(db: Db, rows: DefinitionRow[]): Promise<ReportDefinitionItem[]> {
  const names = await namesFor(
    db,
    rows.flatMap((r) => (r.plantId ? [r.plantId] : [])),
    rows.flatMap((r) => r.recipients.flatMap((x) => (x.accountId === null ? [] : [x.accountId]))),
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    enabled: r.enabled,
    contents: r.contents as ReportDefinitionItem['contents'],
    plantId: r.plantId,
    plantName: r.plantId ? (names.nodes.get(r.plantId) ?? '') : '',
    scope: r.scope,
    frequency: r.frequency as ReportDefinitionItem['frequency'],
    intervalMinutes: r.intervalMinutes,
    timeOfDay: r.timeOfDay,
    weekday: r.weekday,
    dayOfMonth: r.dayOfMonth,
    recipients: r.recipients.map((x) => ({
      ...x,
      name: x.accountId === null ? '' : (names.accounts.get(x.accountId)?.name ?? ''),
    })),
    skipWhenNoAlarms: r.skipWhenNoAlarms,
    nextDueAt: iso(r.nextDueAt),
    lastSentAt: iso(r.lastSentAt),
    lastOutcome: (r.lastOutcome as ReportDefinitionItem['lastOutcome']) ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export const recordItem = (r: RecordRow) => ({
  id: r.id,
  definitionId: r.definitionId,
  definitionName: r.definitionName,
  trigger: r.trigger as 'schedule' | 'manual' | 'resend',
  resendOf: r.resendOf,
  rangeStart: r.rangeStart.toISOString(),
  rangeEnd: r.rangeEnd.toISOString(),
  recipients:
    r.recipients.length > 0
      ? r.recipients
      : // Not resolved yet (queued): the addresses typed; accounts show once the send looked them up.
        ((r.definition as unknown as ReportSnapshot).recipients ?? [])
          .filter((x) => x.address)
          .map((x) => ({ address: x.address, lang: x.lang })),
  size: r.size,
  outcome: r.outcome as 'pending' | 'sent' | 'skipped' | 'failed',
  reason: (r.reason as 'noAlarms' | 'noMailServer' | 'noRecipients' | 'smtp' | null) ?? null,
  answer: r.answer,
  attempts: r.attempts,
  createdAt: r.createdAt.toISOString(),
  finishedAt: iso(r.finishedAt),
});
