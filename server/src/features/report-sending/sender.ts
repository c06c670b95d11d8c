import {
  type Lang,
  REPORT_SENDING_EVENT,
  REPORT_SENDING_FAILED_EVENT,
  type ReportContent,
  type ReportOutcome,
  type ReportReason,
  type ReportScope,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { ReportDelivery } from '../../db/schema/index.ts';
import { enqueueJob, type QueueWorker, startQueueWorker } from '../../platform/job-queue.ts';
import { loadMailServer, sendMail } from '../equipment/index.ts';
import { renderMail } from './render.ts';
import {
  findRecord,
  insertRecord,
  markDefinitionSent,
  namesFor,
  type RecordRow,
  updateRecord,
} from './repo.ts';
import { computeReport, type ReportSpec } from './report-data.ts';

export const REPORT_QUEUE = 'reportSending';

/** What a send record keeps of its definition (a resend sends the same report). */
export interface ReportSnapshot extends ReportSpec {
  recipients: { accountId: number | null; address: string; lang: Lang }[];
  skipWhenNoAlarms: boolean;
}

export const snapshotOf = (d: {
  name: string;
  contents: string[];
  plantId: number | null;
  scope: ReportScope;
  recipients: ReportSnapshot['recipients'];
  skipWhenNoAlarms: boolean;
}): ReportSnapshot => ({
  name: d.name,
  contents: d.contents as ReportContent[],
  plantId: d.plantId,
  scope: d.scope,
  recipients: d.recipients,
  skipWhenNoAlarms: d.skipWhenNoAlarms,
});

interface Payload {
  recordId: number;
}

/** The addresses of the recipients (accounts: their email; accounts without one are left out). */
/**
 * The Message-ID of one language of one send: the same for a re-send of that record after a crash
 * (mail systems recognise the duplicate by it), another for a new send or a resend from the record.
 */
export function reportMessageId(recordId: number, lang: string, fromAddress: string): string {
  const domain = fromAddress.split('@')[1]?.replace(/[^A-Za-z0-9.-]/g, '') || 'sentinel.local';
  return `report-${recordId}-${lang}@${domain}`;
}

export async function resolveRecipients(db: Db, recipients: ReportSnapshot['recipients']) {
  const ids = recipients.flatMap((r) => (r.accountId === null ? [] : [r.accountId]));
  const { accounts } = await namesFor(db, [], ids);
  const out: { address: string; lang: Lang }[] = [];
  for (const r of recipients) {
    const address = r.accountId === null ? r.address : (accounts.get(r.accountId)?.email ?? '');
    if (address && !out.some((o) => o.address === address)) out.push({ address, lang: r.lang });
  }
  return out;
}

/** The report sending queue on this instance: sends records, retries with backoff, notices the final failure. */
export function startReportWorker(app: FastifyInstance): QueueWorker {
  const { db } = app;
  const cfg = app.appConfig.reports;

  const publish = (type: string, data: Record<string, unknown>) =>
    app.bus
      .publish({ type, data })
      .catch((error: unknown) => app.log.warn({ err: error }, 'report event not published'));

  /** Ends a record (and stamps its definition); a failure writes the admins' notice. */
  async function finish(
    record: RecordRow,
    outcome: ReportOutcome,
    reason: ReportReason | null,
    answer: string,
  ) {
    const now = app.appConfig.now();
    await updateRecord(db, record.id, { outcome, reason, answer, finishedAt: now });
    if (record.definitionId !== null) await markDefinitionSent(db, record.definitionId, outcome, now);
    await publish(REPORT_SENDING_EVENT, { recordId: record.id, outcome });
    if (outcome === 'failed') {
      await app.audit.write({
        accountId: null,
        accountName: '',
        action: 'reportSending.failed',
        target: String(record.id),
        detail: { definitionId: record.definitionId, definitionName: record.definitionName, reason, answer },
        ip: '',
      });
      await publish(REPORT_SENDING_FAILED_EVENT, {
        recordId: record.id,
        definitionName: record.definitionName,
        reason,
        answer,
      });
    }
  }

  async function send(job: { payload: Payload; attempts: number }) {
    const record = await findRecord(db, job.payload.recordId);
    if (record?.outcome !== 'pending') return;
    await updateRecord(db, record.id, { attempts: job.attempts });
    const spec = record.definition as unknown as ReportSnapshot;
    const mail = await loadMailServer(db);
    if (!mail?.host || !mail.fromAddress) return finish(record, 'failed', 'noMailServer', '');
    const recipients = await resolveRecipients(db, spec.recipients);
    await updateRecord(db, record.id, { recipients });
    if (recipients.length === 0) return finish(record, 'failed', 'noRecipients', '');
    const data = await computeReport(db, spec, record.rangeStart, record.rangeEnd);
    if (spec.skipWhenNoAlarms && data.totalAlarms === 0) return finish(record, 'skipped', 'noAlarms', '');

    // One message per language; a retry sends only the languages whose message did not go out.
    const deliveries: ReportDelivery[] = record.deliveries.filter((d) => d.ok);
    for (const lang of ['en', 'zh-CN'] as const) {
      const to = recipients.filter((r) => r.lang === lang).map((r) => r.address);
      if (to.length === 0 || deliveries.some((d) => d.lang === lang)) continue;
      const rendered = await renderMail(data, lang, app.appConfig.appName);
      const outcome = await sendMail(mail, to.join(', '), {
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: reportMessageId(record.id, lang, mail.fromAddress),
        attachments: [
          {
            filename: rendered.attachment.filename,
            content: rendered.xlsx,
            contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        ],
      });
      const size = Buffer.byteLength(rendered.html) + Buffer.byteLength(rendered.text) + rendered.xlsx.length;
      deliveries.push({
        lang,
        to,
        ok: outcome.ok,
        answer: outcome.ok ? outcome.response : outcome.reason,
        size,
      });
      // Kept at once: a crash before the next language must not send this one again.
      if (outcome.ok) await updateRecord(db, record.id, { deliveries });
    }
    const answer = deliveries.map((d) => `${d.lang}: ${d.answer}`).join('\n');
    const size = deliveries.filter((d) => d.ok).reduce((n, d) => n + d.size, 0);
    await updateRecord(db, record.id, { deliveries, answer, size });
    const failed = deliveries.find((d) => !d.ok);
    // Thrown: the queue retries with backoff; after the last attempt onGiveUp ends the record.
    if (failed) throw new Error(failed.answer);
    await finish({ ...record, deliveries }, 'sent', null, answer);
  }

  return startQueueWorker<Payload>(app, {
    queue: REPORT_QUEUE,
    pollMs: cfg.pollMs,
    backoffMs: cfg.retryMs,
    handler: async (job) => {
      await send(job);
    },
    onGiveUp: async (job, reason) => {
      const record = await findRecord(db, job.payload.recordId);
      if (record?.outcome === 'pending') await finish(record, 'failed', 'smtp', record.answer || reason);
    },
  });
}

/** Records a send and queues it (pass a transaction to queue it with the schedule's claim). */
export async function queueSend(
  db: Db,
  attempts: number,
  input: {
    snapshot: ReportSnapshot;
    definitionId: number | null;
    trigger: 'schedule' | 'manual' | 'resend';
    resendOf?: number | null;
    start: Date;
    end: Date;
    /** The app's clock: the job is due from then (the worker claims on the app's clock too). */
    now: Date;
  },
) {
  const record = await insertRecord(db, {
    definitionId: input.definitionId,
    definitionName: input.snapshot.name,
    definition: input.snapshot as unknown as Record<string, unknown>,
    trigger: input.trigger,
    resendOf: input.resendOf ?? null,
    rangeStart: input.start,
    rangeEnd: input.end,
  });
  await enqueueJob(db, REPORT_QUEUE, { recordId: record.id } satisfies Payload, {
    maxAttempts: attempts,
    runAfter: input.now,
  });
  return record;
}
