import type { FastifyInstance } from 'fastify';

/** A run that waits until the test opens the gate (a long run the test controls). */
export function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait: () => opened, open: () => open() };
}

/** A settable clock for `appConfig.now`. */
export function fakeClock(start = Date.now()) {
  let ms = start;
  return {
    now: () => new Date(ms),
    set: (d: Date) => {
      ms = d.getTime();
    },
    advance: (by: number) => {
      ms += by;
    },
  };
}

export interface TestTasks {
  gate: ReturnType<typeof gate>;
  /** testFlaky throws while this is true. */
  failing: { value: boolean };
  /** Whether testHang saw its signal fire. */
  hangAborted: { value: boolean };
  /** Runs of testCount, by instance name. */
  counted: string[];
}

/** Registers the test tasks (call from `beforeReady`). */
export function registerTestTasks(app: FastifyInstance, state: TestTasks): void {
  app.planTasks.register({
    code: 'testGate',
    defaultCron: '0 0 1 1 *',
    timeLimitMs: 60_000,
    run: async () => {
      await state.gate.wait();
      return { rows: 3 };
    },
  });
  app.planTasks.register({
    code: 'testFlaky',
    defaultCron: '0 0 1 1 *',
    timeLimitMs: 60_000,
    run: async () => {
      if (state.failing.value) throw new Error('disk on fire');
      return { deleted: 1203 };
    },
  });
  app.planTasks.register({
    code: 'testHang',
    defaultCron: '0 0 1 1 *',
    timeLimitMs: 300,
    run: (signal) =>
      new Promise((_resolve, reject) => {
        signal.addEventListener('abort', () => {
          state.hangAborted.value = true;
          reject(signal.reason);
        });
      }),
  });
  app.planTasks.register({
    code: 'testCount',
    defaultCron: '*/5 * * * *',
    timeLimitMs: 60_000,
    run: async () => {
      state.counted.push(app.appConfig.instanceId);
      return { counted: state.counted.length };
    },
  });
}

export const newTestTasks = (): TestTasks => ({
  gate: gate(),
  failing: { value: true },
  hangAborted: { value: false },
  counted: [],
});
