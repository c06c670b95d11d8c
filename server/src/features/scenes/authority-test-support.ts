import type { Envelope } from '@sentinel/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  account,
  accountRegion,
  accountScene,
  camera,
  cameraType,
  menu,
  plantNode,
  role,
  roleButton,
  roleMenu,
  scene,
  sceneCamera,
} from '../../db/schema/index.ts';
import {
  type Backend,
  buildTestApp,
  createAccount,
  createTestDatabase,
  login,
  type TestDatabase,
  uniqueName,
} from '../../test/helpers.ts';

/** The pages (menu codes) of scenes, cameras and scene cameras, and a few of their buttons. */
const MENUS = [
  'sceneSupervisionSet',
  'fixedOperationSet',
  'cameraSet',
  'cameraManagement',
  'controlAlgorithm',
  'virtualCamera',
  'cameraRotationSet',
];
const BUTTONS = ['sceneSupervisionSet:add', 'sceneSupervisionSet:edit', 'sceneSupervisionSet:delete'];

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Scene authority fixture. Plant: F1 → A1 → A1a; F2 → B. Scenes: A (area A1a), C (area A1),
 * B (area B). Cameras: a (area B, bound to A), b (area B, bound to B), r (area A1a, unbound).
 * Accounts holding every scene and camera page: `limited` (granted scene A only), `regional`
 * (manages region A1: scenes A and C, cameras a and r), `everyone` (all scenes), `admin`.
 */
export interface AuthorityFixture {
  app: FastifyInstance;
  admin: string;
  limited: string;
  regional: string;
  everyone: string;
  node: Record<'F1' | 'A1' | 'A1a' | 'F2' | 'B', number>;
  scene: Record<'A' | 'B' | 'C', number>;
  cam: Record<'a' | 'b' | 'r', number>;
  /** scene_camera ids of the bindings a–A and b–B. */
  binding: Record<'a' | 'b', number>;
  typeId: number;
  call<T = unknown>(
    method: Method,
    url: string,
    token: string,
    payload?: unknown,
  ): Promise<{ statusCode: number; body: Envelope<T> }>;
  close(): Promise<void>;
}

export async function authorityFixture(backend: Backend): Promise<AuthorityFixture> {
  const tdb: TestDatabase = await createTestDatabase(backend);
  const app = await buildTestApp(tdb);
  const db = app.db;
  const tag = Math.random().toString(36).slice(2, 8);

  const node = async (name: string, kind: string, parentId: number | null) => {
    const [row] = await db
      .insert(plantNode)
      .values({ name: `${name}-${tag}`, kind, parentId })
      .returning({ id: plantNode.id });
    if (!row) throw new Error('node');
    return row.id;
  };
  const F1 = await node('F1', 'factory', null);
  const A1 = await node('A1', 'area', F1);
  const A1a = await node('A1a', 'area', A1);
  const F2 = await node('F2', 'factory', null);
  const B = await node('B', 'area', F2);

  const addScene = async (name: string, areaId: number) => {
    const [row] = await db
      .insert(scene)
      .values({ name: `${name}-${tag}`, kind: 'general', areaId })
      .returning({ id: scene.id });
    if (!row) throw new Error('scene');
    return row.id;
  };
  const sA = await addScene('A', A1a);
  const sC = await addScene('C', A1);
  const sB = await addScene('B', B);

  const [type] = await db
    .insert(cameraType)
    .values({ brand: `brand-${tag}`, model: 'm', type: 'bullet' })
    .returning({ id: cameraType.id });
  if (!type) throw new Error('camera type');
  const addCamera = async (name: string, areaId: number) => {
    const [row] = await db
      .insert(camera)
      .values({
        name: `${name}-${tag}`,
        code: `${name}-${tag}`,
        ip: '10.0.0.1',
        areaId,
        cameraTypeId: type.id,
      })
      .returning({ id: camera.id });
    if (!row) throw new Error('camera');
    return row.id;
  };
  const ca = await addCamera('cam-a', B);
  const cb = await addCamera('cam-b', B);
  const cr = await addCamera('cam-r', A1a);
  const bind = async (sceneId: number, cameraId: number) => {
    const [row] = await db
      .insert(sceneCamera)
      .values({ sceneId, cameraId })
      .returning({ id: sceneCamera.id });
    if (!row) throw new Error('binding');
    return row.id;
  };
  const bindingA = await bind(sA, ca);
  const bindingB = await bind(sB, cb);

  // a role holding the pages and buttons
  const [r] = await db
    .insert(role)
    .values({ name: uniqueName('role'), displayName: 'Scene staff' })
    .returning();
  if (!r) throw new Error('role');
  const menus = await db.select({ id: menu.id }).from(menu).where(inArray(menu.code, MENUS));
  if (menus.length !== MENUS.length) throw new Error('menu codes missing');
  await db.insert(roleMenu).values(menus.map((m) => ({ roleId: r.id, menuId: m.id })));
  await db.insert(roleButton).values(BUTTONS.map((code) => ({ roleId: r.id, code })));

  const staff = async (limit?: { sceneIds?: number[]; regionIds?: number[] }) => {
    const who = await createAccount(app, { roles: [r.name] });
    if (limit) {
      await db.update(account).set({ allScenes: false }).where(eq(account.id, who.id));
      for (const sceneId of limit.sceneIds ?? [])
        await db.insert(accountScene).values({ accountId: who.id, sceneId });
      for (const plantNodeId of limit.regionIds ?? [])
        await db.insert(accountRegion).values({ accountId: who.id, plantNodeId });
    }
    return login(app, who);
  };

  return {
    app,
    admin: await login(app, await createAccount(app, { roles: ['admin'] })),
    limited: await staff({ sceneIds: [sA] }),
    regional: await staff({ regionIds: [A1] }),
    everyone: await staff(),
    node: { F1, A1, A1a, F2, B },
    scene: { A: sA, B: sB, C: sC },
    cam: { a: ca, b: cb, r: cr },
    binding: { a: bindingA, b: bindingB },
    typeId: type.id,
    async call(method, url, token, payload) {
      const res = await app.inject({
        method,
        url,
        headers: { token, lang: 'en' },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      return { statusCode: res.statusCode, body: res.json() };
    },
    async close() {
      await app.close();
      await tdb.drop();
    },
  };
}
