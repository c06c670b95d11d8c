import {
  ALARM_TEMPLATES_CHANGED,
  type AlarmTemplateChannel,
  type AlarmTemplateText,
  DEFAULT_ALARM_TEMPLATES,
  type Lang,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { listTemplates } from './repo.ts';

export interface TemplateCache {
  /** The template in force (saved, else the default). */
  get(channel: AlarmTemplateChannel, lang: Lang): Promise<AlarmTemplateText>;
  /** Drops what is cached (the next read loads again). */
  clear(): void;
}

/** By the app's database (one per app; a plugin's encapsulated instance is another object). */
const caches = new WeakMap<object, TemplateCache>();

function createCache(app: FastifyInstance): TemplateCache {
  let loading: Promise<Map<string, AlarmTemplateText>> | null = null;
  const load = () => {
    const promise = listTemplates(app.db).then(
      (rows) => new Map(rows.map((r) => [`${r.channel}:${r.lang}`, { subject: r.subject, body: r.body }])),
    );
    loading = promise;
    // A failed load is not kept: the next read tries again.
    promise.then(
      () => undefined,
      () => {
        if (loading === promise) loading = null;
      },
    );
    return promise;
  };
  return {
    async get(channel, lang) {
      const saved = await (loading ?? load());
      return saved.get(`${channel}:${lang}`) ?? DEFAULT_ALARM_TEMPLATES[channel][lang];
    },
    clear() {
      loading = null;
    },
  };
}

/**
 * The instance's template cache: created by the routes plugin, which clears it on every
 * `alarmTemplates.changed` from any instance (the bus).
 */
export function templateCache(app: FastifyInstance): TemplateCache {
  let cache = caches.get(app.db);
  if (!cache) {
    cache = createCache(app);
    caches.set(app.db, cache);
  }
  return cache;
}

/** Subscribes the cache to changes (the routes plugin, at start). */
export function watchTemplateChanges(app: FastifyInstance): void {
  const cache = templateCache(app);
  const off = app.bus.subscribe((event) => {
    if (event.type === ALARM_TEMPLATES_CHANGED) cache.clear();
  });
  app.addHook('onClose', async () => off());
}
