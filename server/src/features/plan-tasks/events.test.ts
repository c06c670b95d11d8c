import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API, PLAN_TASK_EVENT } from '@sentinel/contract';
import { describe, expect, it } from 'vitest';
import { backends, createAccount, login, useTestApp } from '../../test/helpers.ts';

/** Opens the event stream; `until(needle)` resolves with its text once the needle has arrived. */
function openStream(base: string, token: string) {
  return new Promise<{ until: (needle: string) => Promise<string>; close: () => void }>((resolve, reject) => {
    const req = httpRequest(`${base}${API.events}`, { headers: { token } }, (res) => {
      let text = '';
      const waiters: (() => void)[] = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        for (const w of waiters.splice(0)) w();
      });
      const until = (needle: string) =>
        new Promise<string>((done) => {
          const check = () => (text.includes(needle) ? done(text) : waiters.push(check));
          check();
        });
      resolve({ until, close: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
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
