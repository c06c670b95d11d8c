import { randomBytes } from 'node:crypto';
import { engineBody, engineCreated, engineItem, idParams } from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { auditChange } from '../../platform/audit.ts';
import { guardWrite } from '../../platform/db-errors.ts';
import { engineChanged, hashEngineKey } from '../../platform/engine-auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { type EngineRow, engineRepo, listEngines } from './repo.ts';

/** Engine keys are server settings: managed on the systemServerSettings page's permission. */
const WRITE = { access: { permission: 'systemServerSettings' } } as const;
const KEY_PREFIX_LENGTH = 8;

/** A new API key: 32 random bytes (base64url); only its sha256 and first characters are stored. */
export function newEngineKey(): { key: string; keyHash: string; keyPrefix: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, keyHash: hashEngineKey(key), keyPrefix: key.slice(0, KEY_PREFIX_LENGTH) };
}

/** Creates an engine and answers its row and key (the seed's demo engine, the admin route). */
export async function createEngine(db: Db, name: string) {
  const { key, keyHash, keyPrefix } = newEngineKey();
  const row = await engineRepo.insert(db, { name, keyHash, keyPrefix });
  return { row, key };
}

const toItem = (row: EngineRow) => ({
  id: row.id,
  name: row.name,
  keyPrefix: row.keyPrefix,
  enabled: row.enabled,
  lastSeenAt: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
  createdAt: row.createdAt.toISOString(),
});

/** Engine API keys (admins): create (key shown once), list, enable, disable, delete. */
export const engineRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['engines'];

  app.post('/engine', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Create an engine; the answer holds its API key, shown this once',
      body: engineBody,
      response: { 200: envelopeOf(engineCreated) },
    },
    handler: async (request) => {
      const { row, key } = await guardWrite(() => createEngine(app.db, request.body.name));
      await auditChange(app, request, 'engine.create', row.id, { name: row.name, keyPrefix: row.keyPrefix });
      return ok(request, { ...toItem(row), key }, 'common.saved');
    },
  });

  app.get('/engine/list', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Engines (name, key prefix, state, last seen)',
      response: { 200: envelopeOf(z.array(engineItem)) },
    },
    handler: async (request) => {
      const rows = await listEngines(app.db);
      return ok(request, rows.map(toItem));
    },
  });

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.post(`/engine/:id/${action}`, {
      config: WRITE,
      schema: {
        tags,
        summary: `${enabled ? 'Enable' : 'Disable'} an engine (a disabled engine's key is refused)`,
        params: idParams,
        response: { 200: envelopeOf(engineItem) },
      },
      handler: async (request) => {
        const row = await engineRepo.update(app.db, request.params.id, { enabled });
        if (!row) throw notFound();
        await engineChanged(app, row.id);
        await auditChange(app, request, `engine.${action}`, row.id, { name: row.name });
        return ok(request, toItem(row), enabled ? 'common.enabled' : 'common.disabled');
      },
    });
  }

  app.delete('/engine/:id', {
    config: WRITE,
    schema: {
      tags,
      summary: 'Delete an engine (its alarms stay, without the engine reference)',
      params: idParams,
      response: { 200: envelopeOf(z.null()) },
    },
    handler: async (request) => {
      const row = await engineRepo.remove(app.db, request.params.id);
      if (!row) throw notFound();
      await engineChanged(app, row.id);
      await auditChange(app, request, 'engine.delete', row.id, { name: row.name });
      return ok(request, null, 'common.deleted');
    },
  });
};
