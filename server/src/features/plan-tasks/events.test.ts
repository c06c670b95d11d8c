import type { AddressInfo } from 'node:net';
import { PLAN_TASK_EVENT } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { openEventStream } from '../../test/event-stream.ts';
import { backends, createAccount, login, useTestApp } from '../../test/helpers.ts';

/** Opens the event stream; `until(needle)` resolves with its text once the needle has arrived. */
async function openStream(base: string, token: string) {
  const stream = await openEventStream(base, { token });
  return { until: (needle: string) => stream.waitFor(needle, 10_000), close: stream.close };
}

describe.each(backends)('plan task events on %s', (backend) => {
  const h = useTestApp(backend, { heartbeatMs: 60_000 });

  it('reach the streams of accounts with the page, and no other', async () => {
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const admin = await openStream(
      base,
      await login(h.app, await createAccount(h.app, { roles: ['admin'] })),
    );
    const other = await openStream(
      base,
      await login(h.app, await createAccount(h.app, { roles: ['operator'] })),
    );
    try {
      await h.app.bus.publish({ type: PLAN_TASK_EVENT, data: { code: 'imageChecks', state: 'running' } });
      // A marker to everyone after it: once it arrives, the earlier event has been handled.
      await h.app.bus.publish({ type: 'test.marker', data: {} });
      const seenByAdmin = await admin.until('test.marker');
      const seenByOther = await other.until('test.marker');
      expect(seenByAdmin).toContain(`event: ${PLAN_TASK_EVENT}`);
      expect(seenByOther).not.toContain(PLAN_TASK_EVENT);
    } finally {
      admin.close();
      other.close();
    }
  });
});
