import { idempotencyKeyOf, type Lang, OUTBOUND_EVENT } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import {
  type AlarmForMessage,
  alarmsForMessages,
  type ClaimedAlarm,
  type ClaimedDelivery,
  claimDeliveries,
  claimOutbox,
  completeDeliveries,
  completeOutbox,
  type DeliveryOutcome,
  type FirstOutcome,
  releaseOwn,
} from './outbox-repo.ts';
import { type ReceiverRow, receiversByIds } from './receiver-repo.ts';
import { buildMessage, MqttClients, type SendResult, sendWebhook } from './senders.ts';

/** Outbox rows (alarms) claimed per round, retried deliveries claimed per round, sends at once. */
const OUTBOX_BATCH = 200;
const CLAIM_BATCH = 200;
const CONCURRENCY = 32;
/** A claim is this owner's for this long (longer than any receiver's timeout, 60 s at most). */
const LEASE_MS = 120_000;
const RETRY_MAX_MS = 15 * 60_000;
/** Idle polls slow down to this when nothing happens (an alarm or a receiver change wakes it). */
const IDLE_MAX_MS = 2_000;

/** Exponential backoff: base, 2×base, 4×base … capped, with ±20 % jitter. */
export function backoffMs(baseMs: number, attempts: number): number {
  const plain = Math.min(RETRY_MAX_MS, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.8 + Math.random() * 0.4));
}

/** One send of a round: an alarm fresh from the outbox, or a retried delivery row. */
interface Job {
  receiverId: number;
  alarmId: number;
  attempts: number;
  /** The outbox row (fresh) or the delivery row (retry). */
  fresh?: ClaimedAlarm;
  retry?: ClaimedDelivery;
}

/** What became of one send: delivered, to be retried at `next`, dead, or put back unsent (shutdown). */
interface Outcome {
  state: 'delivered' | 'pending' | 'dead' | 'release';
  answer: string;
  error: string;
  next: string | null;
}

export interface Dispatcher {
  /** Runs one round now (tests); answers whether there was work. */
  round(): Promise<boolean>;
  wake(): void;
  /** Something changed: the page's live update (coalesced to one event a second). */
  changed(): void;
  mqtt: MqttClients;
  stop(): Promise<void>;
}

/**
 * The outbox dispatcher, one per instance (all instances share the work through SKIP LOCKED).
 * A round: claim outbox rows (new alarms, with their matching receivers and message columns) and
 * due retries with a lease, send them (webhook / MQTT, at most CONCURRENCY at once), then record
 * the outcomes: the outbox rows become delivery rows in one statement, the retries are updated in
 * another. Five statements a round whatever its size (bench/README.md "Outbox delivery").
 */
export function createDispatcher(app: FastifyInstance): Dispatcher {
  const config = app.appConfig.outbound;
  const owner = app.appConfig.instanceId;
  const mqttClients = new MqttClients();
  const abort = new AbortController();
  let running = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let idleMs = config.pollMs;
  let current: Promise<unknown> = Promise.resolve();
  let dirty = false;
  let eventTimer: NodeJS.Timeout | undefined;

  const changed = () => {
    dirty = true;
    if (eventTimer || stopped) return;
    eventTimer = setTimeout(() => {
      eventTimer = undefined;
      if (!dirty) return;
      dirty = false;
      app.bus.publish({ type: OUTBOUND_EVENT, data: {} }).catch(() => undefined);
    }, 1_000);
  };

  async function send(receiver: ReceiverRow, message: Awaited<ReturnType<typeof buildMessage>>) {
    return receiver.kind === 'mqtt'
      ? mqttClients.publish(receiver, message)
      : sendWebhook(receiver, message, abort.signal);
  }

  /** Sends one job; answers its outcome (never throws for a receiver's failure). */
  async function attempt(job: Job, receiver: ReceiverRow, alarm: AlarmForMessage): Promise<Outcome> {
    let result: SendResult;
    if (job.attempts > receiver.maxAttempts) {
      // Its attempts were used up by instances that died while sending it.
      result = { ok: false, status: 0, answer: 'attempts used up (lease expired)', target: '' };
    } else {
      const key = idempotencyKeyOf(receiver.id, job.alarmId);
      result = await send(receiver, await buildMessage(app, alarm, receiver.lang as Lang, key));
    }
    if (abort.signal.aborted && !result.ok) return { state: 'release', answer: '', error: '', next: null };
    if (result.ok) return { state: 'delivered', answer: result.answer, error: '', next: null };
    if (job.attempts >= receiver.maxAttempts)
      return { state: 'dead', answer: '', error: result.answer, next: null };
    const at = new Date(app.appConfig.now().getTime() + backoffMs(config.retryBaseMs, job.attempts));
    return { state: 'pending', answer: '', error: result.answer, next: at.toISOString() };
  }

  /**
   * Sends the round's jobs (at most CONCURRENCY at once) and records the outcomes: the claimed
   * outbox rows become delivery rows in one statement, the retried rows are updated in another.
   */
  async function deliver(fresh: ClaimedAlarm[], retries: ClaimedDelivery[]): Promise<void> {
    const jobs: Job[] = [];
    for (const c of fresh)
      for (const receiverId of c.receiverIds)
        jobs.push({ receiverId, alarmId: c.alarmId, attempts: c.attempts, fresh: c });
    for (const d of retries) jobs.push({ ...d, retry: d });
    const receivers = new Map(
      (await receiversByIds(app.db, [...new Set(jobs.map((j) => j.receiverId))])).map((r) => [r.id, r]),
    );
    const alarms = new Map<number, AlarmForMessage>();
    for (const c of fresh) if (c.alarm) alarms.set(c.alarmId, c.alarm);
    const missing = [...new Set(retries.map((d) => d.alarmId))].filter((id) => !alarms.has(id));
    for (const a of await alarmsForMessages(app.db, missing)) alarms.set(Number(a.id), a);

    const first: FirstOutcome[] = [];
    const again: DeliveryOutcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        if (!job) break;
        const receiver = receivers.get(job.receiverId);
        const alarm = alarms.get(job.alarmId);
        const outcome: Outcome | undefined =
          receiver && alarm
            ? await attempt(job, receiver, alarm)
            : job.retry
              ? {
                  state: 'dead',
                  answer: '',
                  error: receiver ? 'alarm deleted' : 'receiver deleted',
                  next: null,
                }
              : undefined; // a receiver deleted since the claim: nothing to record for it
        if (!outcome) continue;
        if (job.retry) again.push({ id: job.retry.id, ...outcome });
        else if (job.fresh) {
          const released = outcome.state === 'release';
          first.push({
            outbox: job.fresh.outboxId,
            receiver: job.receiverId,
            alarm: job.alarmId,
            // Put back unsent at shutdown: a pending delivery, its attempt not counted.
            state: released ? 'pending' : (outcome.state as FirstOutcome['state']),
            attempts: released ? job.attempts - 1 : job.attempts,
            answer: outcome.answer,
            error: outcome.error,
            next: outcome.next,
          });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, worker));
    const now = app.appConfig.now();
    await completeOutbox(
      app.db,
      owner,
      now,
      fresh.map((c) => c.outboxId),
      first,
    );
    await completeDeliveries(app.db, owner, now, again);
  }

  async function round(): Promise<boolean> {
    const now = app.appConfig.now();
    const until = new Date(now.getTime() + LEASE_MS);
    const fresh = await claimOutbox(app.db, owner, now, until, OUTBOX_BATCH);
    const retries = await claimDeliveries(app.db, owner, now, until, CLAIM_BATCH);
    if (fresh.length > 0 || retries.length > 0) await deliver(fresh, retries);
    const busy = fresh.length > 0 || retries.length > 0;
    if (busy) changed();
    // A full batch: more is waiting, go on at once; else gather for a poll interval (at 500
    // alarms/s a round then carries ~125 alarms: 5 statements for the batch).
    full = fresh.length >= OUTBOX_BATCH || retries.length >= CLAIM_BATCH;
    return busy;
  }

  let full = false;
  let dueAt = 0;
  let lastStart = 0;
  const schedule = (ms: number) => {
    if (stopped || !config.dispatch) return;
    clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(loop, ms);
    timer.unref?.();
  };

  function loop() {
    if (running || stopped) return;
    running = true;
    lastStart = Date.now();
    const run = round().then(
      (busy) => {
        idleMs = busy ? config.pollMs : Math.min(IDLE_MAX_MS, idleMs * 2);
        return busy;
      },
      (error: unknown) => {
        if (!stopped) app.log.error({ err: error }, 'outbound dispatcher round failed');
        idleMs = IDLE_MAX_MS;
        return false;
      },
    );
    current = run.finally(() => {
      running = false;
    });
    run.then((busy) => schedule(full ? 0 : busy ? config.pollMs : idleMs)).catch(() => undefined);
  }

  /** Soon, but at most one round a poll interval (a burst of alarms wakes it once). */
  const wake = () => {
    idleMs = config.pollMs;
    if (running) return;
    const at = Math.max(Date.now(), lastStart + config.pollMs);
    if (dueAt > at) schedule(at - Date.now());
  };

  let unsubscribe = () => {};
  if (config.dispatch) {
    // A new alarm anywhere (the bus reaches every instance) wakes the dispatcher at once.
    unsubscribe = app.bus.subscribe((event) => {
      if (event.type === 'alarm.created') wake();
    });
    app.addHook('onReady', async () => {
      await releaseOwn(app.db, owner);
      schedule(0);
    });
  }

  return {
    async round() {
      await current;
      return round();
    },
    wake,
    changed,
    mqtt: mqttClients,
    async stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      clearTimeout(eventTimer);
      abort.abort();
      await current.catch(() => undefined);
      await mqttClients.closeAll();
    },
  };
}
