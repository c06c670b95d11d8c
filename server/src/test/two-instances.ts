import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { BuildOptions } from '../app.ts';
import type { AppConfig } from '../config.ts';
import { buildTestApp, createAccount, createTestDatabase, login, type TestDatabase } from './helpers.ts';

/** Two instances need a shared PostgreSQL database and Redis (the event bus between them). */
export const twoInstancesAvailable = Boolean(process.env.TEST_REDIS_URL && process.env.TEST_DATABASE_URL);

export interface TwoInstances {
  readonly one: FastifyInstance;
  readonly two: FastifyInstance;
  /** A session of a fresh admin account on each instance. */
  readonly adminOne: string;
  readonly adminTwo: string;
}

/**
 * Two instances of the product on one fresh PostgreSQL database, joined by Redis, for a
 * `describe.runIf(twoInstancesAvailable)` block: built (with an admin signed in on each) before its
 * tests, closed and the database dropped after them. Read the fields inside hooks and tests.
 */
export function useTwoInstances(
  options: BuildOptions = {},
  overrides: Partial<AppConfig> = {},
): TwoInstances {
  const state: {
    tdb?: TestDatabase;
    one?: FastifyInstance;
    two?: FastifyInstance;
    adminOne?: string;
    adminTwo?: string;
  } = {};
  beforeAll(async () => {
    const redisUrl = process.env.TEST_REDIS_URL as string;
    state.tdb = await createTestDatabase('postgres');
    state.one = await buildTestApp(state.tdb, { redisUrl, ...overrides }, options);
    state.two = await buildTestApp(state.tdb, { redisUrl, ...overrides }, options);
    state.adminOne = await login(state.one, await createAccount(state.one, { roles: ['admin'] }));
    state.adminTwo = await login(state.two, await createAccount(state.two, { roles: ['admin'] }));
  });
  afterAll(async () => {
    await state.one?.close();
    await state.two?.close();
    await state.tdb?.drop();
  });
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`two instances: ${what} is read before it is built`);
    return value;
  };
  return {
    get one() {
      return need(state.one, 'instance one');
    },
    get two() {
      return need(state.two, 'instance two');
    },
    get adminOne() {
      return need(state.adminOne, 'the admin of instance one');
    },
    get adminTwo() {
      return need(state.adminTwo, 'the admin of instance two');
    },
  };
}
