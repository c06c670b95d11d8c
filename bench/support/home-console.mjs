// The home of one console without a browser: its own session's event stream and the refetch rules
// of web/src/features/dashboard (use-live-dashboard.ts, lib/coalesce.ts): on alarm.created,
// alarm.updated and jobRun.updated the figures are asked for again, at most one request in flight,
// starts at least 400 ms apart (or the last request's duration), after a 20–100 ms settle time; the
// heat strip on alarm.created, at least 2 s apart. Records each change of the figures (wall clock)
// and each request. For the server's side of many consoles where a browser each would not fit the
// machine.
import http from 'node:http';
import { request } from './common.mjs';

const GAPS = { summary: 400, heat: 2_000 };

function coalesce(run, minGapMs, settleMs) {
  let running = false;
  let again = false;
  let timer = null;
  let nextAllowed = Number.NEGATIVE_INFINITY;
  const start = async () => {
    timer = null;
    running = true;
    again = false;
    const started = Date.now();
    try {
      await run();
    } catch {
      // asked again with the next event
    } finally {
      running = false;
      nextAllowed = started + Math.min(5_000, Math.max(minGapMs, Date.now() - started));
      if (again) ask();
    }
  };
  const ask = () => {
    if (running) {
      again = true;
      return;
    }
    if (timer !== null) return;
    timer = setTimeout(start, Math.max(settleMs, nextAllowed - Date.now()));
  };
  return { ask, stop: () => timer !== null && clearTimeout(timer) };
}

/** A console on `base` with session `token`, asking for `today`'s figures; resolves once its stream is open. */
export async function homeConsole(base, token, today) {
  const timeline = [];
  const requests = [];
  const post = async (kind, path, body) => {
    const t = Date.now();
    const res = await request(`${base}${path}`, {
      method: 'POST',
      headers: { token, lang: 'en', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    requests.push({ kind, t, ms: Date.now() - t });
    return JSON.parse(res.body.toString()).data;
  };
  let last = '';
  const summary = async () => {
    const data = await post('summary', '/api/v2/backend/dashboard/summary', today);
    const key = `${data.todayAlarms}|${data.untreated}`;
    if (key !== last) {
      last = key;
      timeline.push({ t: Date.now(), today: data.todayAlarms, untreated: data.untreated });
    }
  };
  const settle = 20 + Math.round(Math.random() * 80);
  const figures = coalesce(summary, GAPS.summary, settle);
  const heat = coalesce(() => post('heat', '/api/v2/backend/dashboard/heat', {}), GAPS.heat, settle);
  await Promise.all([summary(), post('heat', '/api/v2/backend/dashboard/heat', {})]);

  const stream = await new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/v2/backend/events?token=${encodeURIComponent(token)}`, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`events: ${res.statusCode}`));
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
          const type = /^event: (.+)$/m.exec(frame)?.[1];
          if (type === 'alarm.created') heat.ask();
          if (type === 'alarm.created' || type === 'alarm.updated' || type === 'jobRun.updated')
            figures.ask();
        }
      });
      resolve(req);
    });
    req.on('error', reject);
  });
  return {
    timeline,
    requests,
    close() {
      figures.stop();
      heat.stop();
      stream.destroy();
    },
  };
}
