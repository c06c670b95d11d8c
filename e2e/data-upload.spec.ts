import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngineKey, demoRefs, ingestAlarm, solidImage, uniqueEventId } from './support/alarms.ts';
import { type Session, startSession } from './support/session.ts';

let session: Session;
let receiver: Server;
const received: { key: string; signature: string }[] = [];
let hook = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({
        key: String(req.headers['idempotency-key'] ?? ''),
        signature: String(req.headers['x-sentinel-signature'] ?? ''),
      });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('accepted-by-peer');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alarms`;
  session = await startSession();
}, 180_000);

afterAll(async () => {
  await session?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

const poll = <T>(read: () => T | Promise<T>, timeout = 30_000) =>
  expect.poll(read, { timeout, interval: 250 });

const LANGS = [
  {
    lang: 'en-US',
    add: 'Add receiver',
    ok: 'accepted the test message',
    log: 'Delivery log',
    delivered: 'Delivered',
  },
  { lang: 'zh-CN', add: '新增接收方', ok: '接收方已接受测试消息', log: '投递记录', delivered: '已送达' },
];

describe('system settings: data upload', () => {
  it.each(LANGS)(
    'adds a webhook receiver, tests it, and shows an alarm delivered in the log ($lang)',
    async (l) => {
      const page = await session.loggedInPage(l.lang);
      await page.goto('/systemSettings/dataUpload');
      const add = page.getByTestId('receiver-add');
      expect(await add.innerText()).toContain(l.add);
      await add.click();
      const name = `hook ${l.lang}`;
      await page.locator('#receiver_name').fill(name);
      await page.locator('#receiver_url').fill(hook);
      await page.locator('#receiver_secret').fill('e2e-signing-secret');
      const before = received.length;
      await page.getByTestId('receiver-test').click();
      await poll(() => page.getByTestId('receiver-test-result').innerText()).toContain(l.ok);
      expect(await page.getByTestId('receiver-test-result').innerText()).toContain('accepted-by-peer');
      expect(received.length).toBe(before + 1);
      expect(received.at(-1)?.signature).toMatch(/^sha256=[0-9a-f]{64}$/);
      await page.getByTestId('receiver-save').click();
      await page.getByTestId('receiver-drawer').waitFor({ state: 'hidden' });
      await poll(() => page.getByTestId('receiver-table').innerText()).toContain(name);
      // The secret is never shown again.
      expect(await page.content()).not.toContain('e2e-signing-secret');

      const key = await createEngineKey(session.api, uniqueEventId(`upload-${l.lang}`));
      const refs = await demoRefs(session.api);
      const alarmId = await ingestAlarm(
        session.server.url,
        key,
        {
          eventId: uniqueEventId('upload'),
          cameraId: refs.cameraId,
          sceneId: refs.sceneId,
          algorithmId: refs.algorithmId,
        },
        { image: await solidImage('#884422', { format: 'jpeg' }) },
      );
      await poll(() => received.some((r) => r.key.startsWith(`alarm-${alarmId}-`))).toBe(true);
      await page.getByRole('tab', { name: l.log }).click();
      const log = page.getByTestId('delivery-log-table');
      // Live: the row appears without a reload (event stream), delivered.
      const row = log.locator('tr', { hasText: name }).filter({ hasText: String(alarmId) });
      await poll(() => row.first().innerText()).toContain(l.delivered);
      await page.close();
    },
  );
});
