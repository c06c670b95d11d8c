import { type CameraOption, type CameraRow, DEVICE_API as D } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camera, cameraRotationGroup, cameraRotationMember } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { type AuthorityFixture, authorityFixture } from '../scenes/authority-test-support.ts';
import { multipart } from './test-support.ts';

/**
 * Scene authority on cameras: a limited account sees the cameras bound to its visible scenes and
 * those in (or below) the regions it manages; every other camera answers 404 'camera.notFound'.
 */
describe.each(backends)('scene authority on cameras (%s)', (backend) => {
  let f: AuthorityFixture;

  beforeAll(async () => {
    f = await authorityFixture(backend);
  });
  afterAll(async () => {
    await f?.close();
  });

  const listed = async (token: string) => {
    const res = await f.call<{ list: CameraRow[]; count: number }>('POST', D.cameraList, token, {
      page: 1,
      limit: 50,
    });
    expect(res.statusCode).toBe(200);
    return res.body.data;
  };
  const options = async (token: string) => {
    const res = await f.call<CameraOption[]>('POST', D.cameraListAll, token, {});
    expect(res.statusCode).toBe(200);
    return res.body.data.map((c) => c.id).sort();
  };
  const sorted = (...ids: number[]) => [...ids].sort();
  const body = (areaId: number | null, extra: Record<string, unknown> = {}) => ({
    name: `cam-${Math.random().toString(36).slice(2, 8)}`,
    code: `CODE-${Math.random().toString(36).slice(2, 10)}`,
    cameraTypeId: f.typeId,
    ip: '10.2.3.4',
    videoPort: 554,
    areaId,
    ...extra,
  });

  it('lists only the visible cameras, with matching counts', async () => {
    const limited = await listed(f.limited);
    expect(limited.list.map((c) => c.id)).toEqual([f.cam.a]);
    expect(limited.count).toBe(1);
    expect(await options(f.limited)).toEqual([f.cam.a]);

    const regional = await listed(f.regional);
    expect(regional.list.map((c) => c.id).sort()).toEqual(sorted(f.cam.a, f.cam.r));
    expect(regional.count).toBe(2);
    expect(await options(f.regional)).toEqual(sorted(f.cam.a, f.cam.r));

    for (const token of [f.everyone, f.admin]) {
      const ids = (await listed(token)).list.map((c) => c.id);
      expect(ids).toEqual(expect.arrayContaining([f.cam.a, f.cam.b, f.cam.r]));
      expect(await options(token)).toEqual(expect.arrayContaining([f.cam.a, f.cam.b, f.cam.r]));
    }
  });

  it('answers 404 camera.notFound for reads and writes of a hidden camera', async () => {
    expect((await f.call('GET', D.cameraById(f.cam.a), f.limited)).statusCode).toBe(200);
    const hidden = await f.call('GET', D.cameraById(f.cam.b), f.limited);
    expect(hidden.statusCode).toBe(404);
    const unknown = await f.call('GET', D.cameraById(999999), f.limited);
    expect(hidden.body.message).toBe(unknown.body.message);
    expect((await f.call('GET', D.cameraById(f.cam.r), f.limited)).statusCode).toBe(404);
    expect((await f.call('GET', D.cameraById(f.cam.r), f.regional)).statusCode).toBe(200);
    expect((await f.call('GET', D.cameraById(f.cam.b), f.regional)).statusCode).toBe(404);
    expect((await f.call('GET', D.cameraById(f.cam.b), f.everyone)).statusCode).toBe(200);

    const edit = await f.call('PUT', D.cameraById(f.cam.b), f.limited, body(f.node.B, { name: 'edited' }));
    expect(edit.statusCode).toBe(404);
    expect((await f.call('DELETE', D.cameraById(f.cam.b), f.limited)).statusCode).toBe(404);
    expect((await f.call('DELETE', D.cameraById(f.cam.r), f.limited)).statusCode).toBe(404);
    const upload = multipart(Buffer.from('not read'), 'x.png', 'image/png');
    const snapshot = await f.app.inject({
      method: 'POST',
      url: D.cameraSnapshot(f.cam.b),
      headers: { token: f.limited, ...upload.headers },
      payload: upload.payload,
    });
    expect(snapshot.statusCode).toBe(404);
    const [b] = await f.app.db.select({ name: camera.name }).from(camera).where(eq(camera.id, f.cam.b));
    expect(b?.name).not.toBe('edited');
    expect(await f.app.db.select().from(camera).where(eq(camera.id, f.cam.r))).toHaveLength(1);
  });

  it('edits its own camera in place; adds or moves cameras only into managed areas', async () => {
    // camera a is visible to `limited` through scene A (its area B is not managed)
    const own = await f.call(
      'PUT',
      D.cameraById(f.cam.a),
      f.limited,
      body(f.node.B, { code: `A-${Date.now()}` }),
    );
    expect(own.statusCode).toBe(200);
    expect((await f.call('PUT', D.cameraById(f.cam.a), f.limited, body(f.node.A1a))).statusCode).toBe(403);
    expect((await f.call('POST', D.camera, f.limited, body(f.node.A1a))).statusCode).toBe(403);
    expect((await f.call('POST', D.camera, f.regional, body(f.node.B))).statusCode).toBe(403);
    expect((await f.call('POST', D.camera, f.regional, body(null))).statusCode).toBe(403);
    const made = await f.call<{ id: number }>('POST', D.camera, f.regional, body(f.node.A1a));
    expect(made.statusCode).toBe(200);
    expect((await f.call('GET', D.cameraById(made.body.data.id), f.regional)).statusCode).toBe(200);
    expect((await f.call('GET', D.cameraById(made.body.data.id), f.limited)).statusCode).toBe(404);
    expect((await f.call('DELETE', D.cameraById(made.body.data.id), f.regional)).statusCode).toBe(200);
    expect((await f.call('POST', D.camera, f.everyone, body(null))).statusCode).toBe(200);
    expect((await f.call('POST', D.camera, f.admin, body(f.node.B))).statusCode).toBe(200);
  });

  it('rotation groups: hidden cameras are neither listed nor accepted', async () => {
    const [group] = await f.app.db
      .insert(cameraRotationGroup)
      .values({ name: `group-${Math.random()}`, intervalSeconds: 10 })
      .returning({ id: cameraRotationGroup.id });
    if (!group) throw new Error('group');
    await f.app.db.insert(cameraRotationMember).values([
      { groupId: group.id, cameraId: f.cam.a, sort: 0 },
      { groupId: group.id, cameraId: f.cam.b, sort: 1 },
    ]);
    type Group = { id: number; cameras: Array<{ id: number }> };
    const membersFor = async (token: string) => {
      const res = await f.call<{ list: Group[] }>('POST', D.rotationList, token, { page: 1, limit: 50 });
      return res.body.data.list.find((g) => g.id === group.id)?.cameras.map((c) => c.id);
    };
    expect(await membersFor(f.limited)).toEqual([f.cam.a]);
    expect(await membersFor(f.admin)).toEqual([f.cam.a, f.cam.b]);
    const add = (cameraIds: number[]) => ({ name: `g-${Math.random()}`, intervalSeconds: 10, cameraIds });
    expect((await f.call('POST', D.rotation, f.limited, add([f.cam.a, f.cam.b]))).statusCode).toBe(400);
    expect((await f.call('POST', D.rotation, f.limited, add([f.cam.a]))).statusCode).toBe(200);
  });
});
