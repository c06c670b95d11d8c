import { type Envelope, LICENCE_API, type LicenceInfo, type LicenceNotice } from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, camera } from '../../db/schema/index.ts';
import { backends, createAccount, createAccountWithPages, login, useTestApp } from '../../test/helpers.ts';

describe.each(backends)('licence settings on %s', (backend) => {
  const ctx = useTestApp(backend, { now: () => new Date('2026-06-15T10:00:00Z') });
  let app: FastifyInstance;
  let admin: string;
  let operator: string;
  let granted: string;

  beforeAll(async () => {
    app = ctx.app;
    admin = await login(app, await createAccount(app, { roles: ['admin'] }));
    operator = await login(app, await createAccount(app, { roles: ['operator'] }));
    granted = await login(app, await createAccountWithPages(app, ['licenseSettings']));
  });

  const call = async <T>(method: 'GET' | 'PUT', url: string, token: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { token }, payload });
    return { statusCode: res.statusCode, body: res.json() as Envelope<T> };
  };
  const cameras = async (enabled: boolean[]) => {
    await app.db.delete(camera);
    if (enabled.length === 0) return;
    await app.db
      .insert(camera)
      .values(enabled.map((on, i) => ({ name: `cam ${i}`, code: `LIC-${i}`, enabled: on })));
  };

  it('generates the installation id once; version V3.8; no licence yet', async () => {
    const first = await call<LicenceInfo>('GET', LICENCE_API.info, admin);
    expect(first.statusCode).toBe(200);
    expect(first.body.data.installationId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.body.data).toMatchObject({
      version: 'V3.8',
      unlicensed: true,
      overLimit: false,
      licensedChannels: 0,
    });
    const again = await call<LicenceInfo>('GET', LICENCE_API.info, admin);
    expect(again.body.data.installationId).toBe(first.body.data.installationId);
  });

  it('validates the licence', async () => {
    for (const body of [
      { licensee: '', licensedChannels: 4 },
      { licensee: 'Plant', licensedChannels: 0 },
      { licensee: 'Plant', licensedChannels: 2.5 },
      { licensee: 'Plant', licensedChannels: 4, expiresOn: '2026-13-45x' },
    ]) {
      expect((await call('PUT', LICENCE_API.update, admin, body)).statusCode).toBe(400);
    }
  });

  it('warns when the ENABLED cameras exceed the licensed channels (disabled ones do not count); audited', async () => {
    await cameras([true, true, true, false]);
    const saved = await call<LicenceInfo>('PUT', LICENCE_API.update, admin, {
      licensee: 'Coking plant No. 1',
      licensedChannels: 2,
      expiresOn: '2027-01-31',
      licenseKey: 'SC-38-ABCD',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toMatchObject({
      licensee: 'Coking plant No. 1',
      licensedChannels: 2,
      enabledCameras: 3,
      overLimit: true,
      unlicensed: false,
      expired: false,
      expiresOn: '2027-01-31',
    });
    const notice = await call<LicenceNotice>('GET', LICENCE_API.notice, operator);
    expect(notice.statusCode).toBe(200);
    expect(notice.body.data).toEqual({
      licensedChannels: 2,
      enabledCameras: 3,
      overLimit: true,
      expired: false,
      unlicensed: false,
    });
    await app.db.update(camera).set({ enabled: false }).where(eq(camera.code, 'LIC-0'));
    expect((await call<LicenceNotice>('GET', LICENCE_API.notice, operator)).body.data).toMatchObject({
      enabledCameras: 2,
      overLimit: false,
    });
    const audited = await app.db.select().from(auditLog).where(eq(auditLog.action, 'licence.update'));
    expect(audited).toHaveLength(1);
    expect(audited[0]?.detail).toMatchObject({
      after: { licensedChannels: 2 },
      before: { licensedChannels: 0 },
    });
  });

  it('marks an expired licence', async () => {
    await call('PUT', LICENCE_API.update, admin, {
      licensee: 'Coking plant No. 1',
      licensedChannels: 2,
      expiresOn: '2026-06-14',
    });
    expect((await call<LicenceInfo>('GET', LICENCE_API.info, admin)).body.data.expired).toBe(true);
  });

  it('is for the administrator only: 403 for an operator and even for a role granted the page', async () => {
    for (const token of [operator, granted]) {
      expect((await call('GET', LICENCE_API.info, token)).statusCode).toBe(403);
      expect(
        (await call('PUT', LICENCE_API.update, token, { licensee: 'x', licensedChannels: 999 })).statusCode,
      ).toBe(403);
    }
  });
});
