import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createConnection, createServer as createTcpServer } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  json: { idempotencyKey: string; alarm: { id: number; [k: string]: unknown }; message: string };
}

/** A local webhook receiver: answers 503 to the first `failFirst` calls, then 200. */
export async function webhookReceiver(options: { failFirst?: number; status?: number } = {}) {
  const received: Received[] = [];
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls++;
      if (calls <= (options.failFirst ?? 0)) {
        res.writeHead(503).end('busy');
        return;
      }
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, body, json: JSON.parse(body) as Received['json'] });
      res.writeHead(options.status ?? 200, { 'content-type': 'text/plain' }).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    get calls() {
      return calls;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether something answers on host:port (Mosquitto on CI). */
export function answers(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** The machine's Mosquitto at 127.0.0.1:1883 when it answers, else an in-process aedes broker. */
export async function mqttBroker(): Promise<{ url: string; kind: string; close(): Promise<void> }> {
  if (await answers(1883))
    return { url: 'mqtt://127.0.0.1:1883', kind: 'mosquitto', close: async () => undefined };
  const { Aedes } = await import('aedes');
  const broker = await Aedes.createBroker();
  const server = createTcpServer((socket) => broker.handle(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `mqtt://127.0.0.1:${port}`,
    kind: 'aedes',
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

/** A QoS 1 subscriber recording every message with its topic. */
export async function mqttSubscriber(url: string, topic: string) {
  const messages: { topic: string; qos: number; payload: Received['json'] }[] = [];
  const client: MqttClient = await mqtt.connectAsync(url, {
    clientId: `test-sub-${Math.random().toString(16).slice(2)}`,
  });
  client.on('message', (t, payload, packet) => {
    messages.push({
      topic: t,
      qos: packet.qos,
      payload: JSON.parse(payload.toString('utf8')) as Received['json'],
    });
  });
  await client.subscribeAsync(topic, { qos: 1 });
  return { messages, close: () => client.endAsync(true) };
}

/** Polls `check` until it is true (no sleeps as synchronisation); throws with `what` after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, what: string, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
