import { idParams, type MessageCode } from '@sentinel/contract';
import type { SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { auditChange } from './audit.ts';
import { guardWrite } from './db-errors.ts';
import { envelopeOf, ok } from './envelope.ts';
import { notFound } from './errors.ts';
import type { CatalogueQuery, TableWithId, tableRepo } from './table-repo.ts';
import type { Access } from './types.ts';

type Repo<T extends TableWithId> = ReturnType<typeof tableRepo<T>>;

/** One catalogue resource: what differs between the product's list + add + edit + delete screens. */
export interface CatalogueSpec<
  T extends TableWithId,
  Query extends z.ZodType<CatalogueQuery>,
  Body extends z.ZodObject,
  Item extends z.ZodType,
> {
  /** URL segment (`/<resource>/list`, `/<resource>`, `/<resource>/:id`) and audit action prefix. */
  resource: string;
  tags: string[];
  /** Who may add, edit and delete (listing needs a logged-in user). */
  write: Access;
  repo: Repo<T>;
  listQuery: Query;
  body: Body;
  item: Item;
  /**
   * OpenAPI summaries: the list's, and the row's noun ('a sensor') from which 'Add a sensor',
   * 'Edit …' and 'Delete …' are made unless given.
   */
  summary: { list: string; noun: string; add?: string; edit?: string; remove?: string };
  /** The answer's items for rows of the table (names of referenced rows looked up in one go). */
  toItems: (db: Db, rows: T['$inferSelect'][]) => Promise<z.infer<Item>[]>;
  /** A list filter beyond keyword and area (e.g. a kind). */
  filter?: (query: z.infer<Query>) => SQL | undefined;
  /** Checks before a write, e.g. that referenced rows exist (400 with the field). */
  check?: (db: Db, body: z.infer<Body>) => Promise<void>;
  /** What the audit entry records of a row. */
  auditDetail: (row: T['$inferSelect'], action: 'create' | 'update' | 'delete') => Record<string, unknown>;
  /** 409 messages for a duplicate or a row still in use. */
  refusals?: { duplicate?: MessageCode; inUse?: MessageCode };
}

/**
 * The routes of one catalogue resource: `POST /<resource>/list` (page + total), `POST` add,
 * `PUT /:id` edit (stamps `updatedAt`), `DELETE /:id`; adds and edits answer the saved item, every
 * change is audited as `<resource>.create|update|delete`, and an unknown id answers 404.
 */
export function catalogueRoutes<
  T extends TableWithId,
  Query extends z.ZodType<CatalogueQuery>,
  Body extends z.ZodObject,
  Item extends z.ZodType,
>(spec: CatalogueSpec<T, Query, Body, Item>): FastifyPluginAsyncZod {
  const { resource, tags, repo } = spec;
  const { noun } = spec.summary;
  const summary = {
    list: spec.summary.list,
    add: spec.summary.add ?? `Add ${noun}`,
    edit: spec.summary.edit ?? `Edit ${noun}`,
    remove: spec.summary.remove ?? `Delete ${noun}`,
  };
  const config = { access: spec.write };
  // Widened on purpose: TypeScript cannot relate a generic item schema to the handler's answer;
  // fastify still validates and serialises the answer with the real schema.
  const itemResponse: z.ZodType = envelopeOf(spec.item);
  return async (app) => {
    const itemOf = async (row: T['$inferSelect']): Promise<z.output<Item>> => {
      const items = await spec.toItems(app.db, [row]);
      if (items.length === 0) throw notFound();
      return items[0] as z.output<Item>;
    };

    app.post(`/${resource}/list`, {
      config: { access: 'user' },
      schema: {
        tags,
        summary: summary.list,
        body: spec.listQuery,
        response: { 200: envelopeOf(z.object({ list: z.array(spec.item), count: z.number() })) },
      },
      handler: async (request) => {
        const query = request.body as z.infer<Query>;
        const { rows, count } = await repo.page(app.db, query, spec.filter?.(query));
        return ok(request, { list: await spec.toItems(app.db, rows), count });
      },
    });

    app.post(`/${resource}`, {
      config,
      schema: { tags, summary: summary.add, body: spec.body, response: { 200: itemResponse } },
      handler: async (request) => {
        const body = request.body as z.infer<Body>;
        await spec.check?.(app.db, body);
        const row = await guardWrite(() => repo.insert(app.db, body as T['$inferInsert']), spec.refusals);
        await auditChange(
          app,
          request,
          `${resource}.create`,
          row.id as number,
          spec.auditDetail(row, 'create'),
        );
        return ok(request, await itemOf(row), 'common.saved');
      },
    });

    app.put(`/${resource}/:id`, {
      config,
      schema: {
        tags,
        summary: summary.edit,
        params: idParams,
        body: spec.body,
        response: { 200: itemResponse },
      },
      handler: async (request) => {
        const body = request.body as z.infer<Body>;
        await spec.check?.(app.db, body);
        const row = await guardWrite(
          () => repo.update(app.db, request.params.id, { ...body, updatedAt: app.appConfig.now() }),
          spec.refusals,
        );
        if (!row) throw notFound();
        await auditChange(
          app,
          request,
          `${resource}.update`,
          row.id as number,
          spec.auditDetail(row, 'update'),
        );
        return ok(request, await itemOf(row), 'common.saved');
      },
    });

    app.delete(`/${resource}/:id`, {
      config,
      schema: {
        tags,
        summary: summary.remove,
        params: idParams,
        response: { 200: envelopeOf(z.null()) },
      },
      handler: async (request) => {
        const row = await guardWrite(() => repo.remove(app.db, request.params.id), spec.refusals);
        if (!row) throw notFound();
        await auditChange(
          app,
          request,
          `${resource}.delete`,
          row.id as number,
          spec.auditDetail(row, 'delete'),
        );
        return ok(request, null, 'common.deleted');
      },
    });
  };
}
