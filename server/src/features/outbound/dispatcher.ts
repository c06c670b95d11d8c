import { idempotencyKeyOf, type Lang, OUTBOUND_EVENT } from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import {
  alarmsForMessages,
  type ClaimedDelivery,
  claimDeliveries,
  completeDeliveries,
  type DeliveryOutcome,
  fanOut,
  type ReceiverRow,
  receiversByIds,
  releaseOwn,
} from './repo.ts';
import { buildMessage, MqttClients, type SendResult, sendWebhook } from './senders.ts';

/** Outbox rows fanned out per statement, deliveries claimed per round, sends at once. */
const FANOUT_BATCH = 1000;
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
 * A round: fan the outbox out into deliveries, claim due deliveries with a lease, send them
 * (webhook / MQTT, at most CONCURRENCY at once), record every outcome in one statement.
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

  async function deliver(claimed: ClaimedDelivery[]): Promise<DeliveryOutcome[]> {
    const receivers = new Map(
      (await receiversByIds(app.db, [...new Set(claimed.map((c) => c.receiverId))])).map((r) => [r.id, r]),
    );
    const alarms = new Map(
      (await alarmsForMessages(app.db, [...new Set(claimed.map((c) => c.alarmId))])).map((a) => [
        Number(a.id),
        a,
      ]),
    );
    const outcomes: DeliveryOutcome[] = [];
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const c = claimed[next++];
        if (!c) break;
        const receiver = receivers.get(c.receiverId);
        const alarm = alarms.get(c.alarmId);
        if (!receiver || !alarm) {
          outcomes.push({
            id: c.id,
            state: 'dead',
            answer: '',
            error: receiver ? 'alarm deleted' : 'receiver deleted',
            next: null,
          });
          continue;
        }
        let result: SendResult;
        if (c.attempts > receiver.maxAttempts) {
          // Its attempts were used up by instances that died while sending it.
          result = { ok: false, status: 0, answer: 'attempts used up (lease expired)', target: '' };
        } else {
          const message = await buildMessage(
            app,
            alarm,
            receiver.lang as Lang,
            idempotencyKeyOf(receiver.id, c.alarmId),
          );
          result = await send(receiver, message);
        }
        if (abort.signal.aborted && !result.ok) {
          outcomes.push({ id: c.id, state: 'release', answer: '', error: '', next: null });
        } else if (result.ok) {
          outcomes.push({ id: c.id, state: 'delivered', answer: result.answer, error: '', next: null });
        } else if (c.attempts >= receiver.maxAttempts) {
          outcomes.push({ id: c.id, state: 'dead', answer: '', error: result.answer, next: null });
        } else {
          const at = new Date(app.appConfig.now().getTime() + backoffMs(config.retryBaseMs, c.attempts));
          outcomes.push({
            id: c.id,
            state: 'pending',
            answer: '',
            error: result.answer,
            next: at.toISOString(),
          });
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
    return outcomes;
  }

  async function round(): Promise<boolean> {
    const fanned = await fanOut(app.db, FANOUT_BATCH);
    const now = app.appConfig.now();
    const claimed = await claimDeliveries(
      app.db,
      owner,
      now,
      new Date(now.getTime() + LEASE_MS),
      CLAIM_BATCH,
    );
    if (claimed.length > 0) {
      const outcomes = await deliver(claimed);
      await completeDeliveries(app.db, owner, app.appConfig.now(), outcomes);
    }
    const busy = fanned.taken > 0 || claimed.length > 0;
    if (busy) changed();
    // A full batch: more is waiting, go on at once; else gather for a poll interval (at 500
    // alarms/s a round then carries ~100 deliveries instead of one: 5 statements for the batch).
    full = fanned.taken >= FANOUT_BATCH || claimed.length >= CLAIM_BATCH;
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
