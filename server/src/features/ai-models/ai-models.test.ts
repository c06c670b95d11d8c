import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AI_MODEL_API,
  ALARM_API,
  ALGORITHM_API,
  type ConfirmResult,
  type DraftItem,
  type Envelope,
  type ModelItem,
  type SampleImageResult,
  SCENE_CAMERA_API,
  translate,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { algorithm, algorithmVersion, auditLog, videoAlarm } from '../../db/schema/index.ts';
import { backends } from '../../test/helpers.ts';
import { multipartFile, pngOfSize, testImage } from '../../test/multipart.ts';
import { type IngestHarness, ingestHarness, multipartBody } from '../alarms/ingest-test-support.ts';
import { buildOnnx, buildOpenvino, buildTflite, buildTorchscript, buildZip } from './model-files.ts';

const LIMIT = 96 * 1024;
const onnx = (name: string, weightBytes = 2048) =>
  buildOnnx({ name, classes: ['person', 'helmet', 'head'], inputWidth: 640, inputHeight: 480, weightBytes });

describe.each(backends)('model base and instance wizard on %s', (backend) => {
  let h: IngestHarness;
  let engineKey: string;
  let png: Buffer;

  const call = async <T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token?: string,
  ) => {
    const res = await h.app.inject({
      method,
      url,
      headers: { token: token ?? h.admin, lang: 'en' },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const upload = async (file: Buffer, fields: Record<string, string>, token?: string, lang = 'en') => {
    const body = multipartFile(file, {
      filename: 'model.bin',
      contentType: 'application/octet-stream',
      fields,
    });
    const res = await h.app.inject({
      method: 'POST',
      url: AI_MODEL_API.upload,
      headers: { ...body.headers, token: token ?? h.admin, lang },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() as Envelope<ModelItem> };
  };
  const modelFiles = () => {
    const dir = join(h.dataDir, 'media', 'ai-model');
    return existsSync(dir) ? readdirSync(dir) : [];
  };
  const sample = async (image: Buffer, lang = 'en') => {
    const body = multipartFile(image);
    const res = await h.app.inject({
      method: 'POST',
      url: AI_MODEL_API.sample,
      headers: { ...body.headers, token: h.admin, lang },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() as Envelope<SampleImageResult> };
  };
  const ingest = async (algorithmCode: string, eventId: string) => {
    const { payload, headers } = multipartBody(
      { eventId, cameraId: String(h.refs.cameraId), sceneId: String(h.refs.sceneId), algorithmCode },
      [{ field: 'image', data: await testImage('jpeg', 48) }],
    );
    const res = await h.app.inject({
      method: 'POST',
      url: ALARM_API.ingest,
      headers: { ...headers, lang: 'en', 'x-engine-key': engineKey },
      payload,
    });
    return { status: res.statusCode, body: res.json() as Envelope<{ id: number } | null> };
  };

  beforeAll(async () => {
    h = await ingestHarness(backend, { modelMaxBytes: LIMIT });
    const created = await call<{ key: string }>('POST', ALARM_API.engines, { name: 'engine' });
    engineKey = created.body.data.key;
    png = await testImage('png', 64);
  });
  afterAll(async () => {
    await h.close();
  });

  const base = { name: 'helmet-net', version: '1.0', description: 'demo' };
  let onnxModel: ModelItem;

  describe('upload checked by content', () => {
    it('takes an ONNX file, its task, classes and input size from the metadata; sha256 by the server', async () => {
      const file = onnx('helmet-net');
      const res = await upload(file, { ...base, format: 'onnx' });
      expect(res.status).toBe(200);
      onnxModel = res.body.data;
      expect(onnxModel).toMatchObject({
        format: 'onnx',
        task: 'detection',
        classes: ['person', 'helmet', 'head'],
        inputWidth: 640,
        inputHeight: 480,
        sizeBytes: file.length,
        builtin: false,
        instanceCount: 0,
        sha256: createHash('sha256').update(file).digest('hex'),
      });
      expect(modelFiles().filter((f) => f.endsWith('.onnx'))).toHaveLength(1);
      const audit = await h.app.db.select().from(auditLog).where(eq(auditLog.action, 'aiModel.create'));
      expect(audit.length).toBe(1);
    });

    it('takes TFLite, TorchScript and OpenVINO packages with their form fields', async () => {
      const fields = { task: 'detection', classes: 'fire, smoke', inputWidth: '320', inputHeight: '320' };
      const files: Array<[string, Buffer]> = [
        ['tflite', buildTflite('fire')],
        ['torchscript', await buildTorchscript('fire')],
        ['openvino', await buildOpenvino('fire')],
      ];
      for (const [format, file] of files) {
        const res = await upload(file, { ...fields, name: `fire-${format}`, version: '2', format });
        expect(res.status, format).toBe(200);
        expect(res.body.data).toMatchObject({ format, classes: ['fire', 'smoke'], inputWidth: 320 });
      }
      const list = await call<{ list: ModelItem[]; count: number }>('POST', AI_MODEL_API.list, {
        page: 1,
        limit: 10,
        format: 'openvino',
      });
      expect(list.body.data.list.map((m) => m.name)).toEqual(['fire-openvino']);
      const byTask = await call<{ list: ModelItem[]; count: number }>('POST', AI_MODEL_API.list, {
        page: 1,
        limit: 10,
        task: 'pose',
      });
      expect(byTask.body.data.count).toBe(0);
    });

    it('refuses disguised files with the format’s message, in both languages, and keeps nothing', async () => {
      const before = modelFiles().length;
      const fields = {
        ...base,
        name: 'disguised',
        task: 'detection',
        classes: 'a',
        inputWidth: '64',
        inputHeight: '64',
      };
      const cases: Array<[string, Buffer, string]> = [
        ['onnx', png, 'aiModel.badOnnx'],
        ['onnx', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), 'aiModel.badOnnx'],
        ['tflite', onnx('x'), 'aiModel.badTflite'],
        ['torchscript', await buildZip([['model/weights.bin', Buffer.from('x')]]), 'aiModel.badTorchscript'],
        ['openvino', await buildZip([['model.xml', Buffer.from('<net name="m"/>')]]), 'aiModel.badOpenvino'],
        [
          'openvino',
          await buildZip([
            ['m.xml', Buffer.from('<html/>')],
            ['m.bin', Buffer.from('x')],
          ]),
          'aiModel.badOpenvino',
        ],
        ['torchscript', png, 'aiModel.badTorchscript'],
      ];
      for (const [format, file, code] of cases) {
        const res = await upload(file, { ...fields, format });
        expect(res.status, code).toBe(400);
        expect(res.body.message).toBe(translate(code as 'aiModel.badOnnx', 'en'));
      }
      const zh = await upload(png, { ...fields, format: 'onnx' }, undefined, 'zh-CN');
      expect(zh.body.message).toBe(translate('aiModel.badOnnx', 'zh-CN'));
      expect(modelFiles().length).toBe(before);
    });

    it('answers 413 above MODEL_MAX_MB, 400 without classes, 409 for the same name and version', async () => {
      const big = await upload(onnx('big', LIMIT + 1024), { ...base, name: 'big', format: 'onnx' });
      expect(big.status).toBe(413);
      expect(big.body.message).toBe(translate('aiModel.size', 'en'));
      const noClasses = await upload(buildTflite('n'), {
        ...base,
        name: 'n',
        format: 'tflite',
        task: 'detection',
        inputWidth: '64',
        inputHeight: '64',
      });
      expect(noClasses.status).toBe(400);
      expect(JSON.stringify(noClasses.body.data)).toContain('classes');
      const again = await upload(onnx('helmet-net'), { ...base, format: 'onnx' });
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(translate('aiModel.duplicate', 'en'));
      expect(modelFiles().filter((f) => f.endsWith('.part'))).toEqual([]);
    });

    it('lets the operator neither list nor upload (permissions)', async () => {
      expect((await call('POST', AI_MODEL_API.list, { page: 1, limit: 10 }, h.operator)).status).toBe(403);
      expect((await upload(onnx('op'), { ...base, name: 'op', format: 'onnx' }, h.operator)).status).toBe(
        403,
      );
      expect((await call('GET', AI_MODEL_API.one(999_999))).status).toBe(404);
    });
  });

  describe('instance wizard', () => {
    let token: string;
    let path: string;
    let draft: DraftItem;
    const zone = (i: number) => ({
      name: `z${i}`,
      points: [
        [0.1, 0.1],
        [0.5, 0.1],
        [0.3, 0.4 + i / 100],
      ],
    });
    const step1 = (extra: object = {}) => ({
      step: 1,
      modelId: onnxModel.id,
      name: 'Helmet at gate 3',
      code: 'INST-GATE3',
      sampleImage: path,
      zones: [zone(1), zone(2)],
      classes: ['helmet', 'head'],
      ...extra,
    });

    it('takes a jpg/png sample image by content, refuses others', async () => {
      const gif = await sample(await testImage('gif'));
      expect(gif.status).toBe(400);
      expect(gif.body.message).toBe(translate('image.type', 'en'));
      const res = await sample(png);
      expect(res.status).toBe(200);
      ({ token, path } = res.body.data);
      expect(path).toBe(`ai-sample/${token}`);
    });

    it('refuses a sample image above 500 KB (SPEC §5) with the message in both languages, keeping nothing', async () => {
      const samples = () => {
        const dir = join(h.dataDir, 'media', 'ai-sample');
        return existsSync(dir) ? readdirSync(dir).sort() : [];
      };
      const before = samples();
      const big = await pngOfSize(500 * 1024 + 1);
      for (const lang of ['en', 'zh-CN'] as const) {
        const res = await sample(big, lang);
        expect(res.status).toBe(413);
        expect(res.body.message).toBe(translate('image.size', lang));
      }
      expect(translate('image.size', 'zh-CN')).toBe('图片大小不能超过500KB');
      expect(samples()).toEqual(before);
      const limit = await sample(await pngOfSize(500 * 1024));
      expect(limit.status).toBe(200);
      expect(samples()).toEqual([...before, limit.body.data.token].sort());
    });

    it('refuses 6 zones, unknown classes and a missing image at step 1', async () => {
      const six = await call(
        'POST',
        AI_MODEL_API.draftCreate,
        step1({ zones: [1, 2, 3, 4, 5, 6].map(zone) }),
      );
      expect(six.status).toBe(400);
      expect(six.body.message).toBe(translate('zone.max', 'en'));
      const cls = await call('POST', AI_MODEL_API.draftCreate, step1({ classes: ['cat'] }));
      expect(cls.body.message).toBe(translate('aiInstance.classUnknown', 'en'));
      const img = await call('POST', AI_MODEL_API.draftCreate, step1({ sampleImage: '' }));
      expect(img.body.message).toBe(translate('aiInstance.sampleRequired', 'en'));
    });

    it('creates a draft that a reload finds at its step, not offered to pickers nor accepted at ingest', async () => {
      const res = await call<DraftItem>('POST', AI_MODEL_API.draftCreate, step1());
      expect(res.status).toBe(200);
      draft = res.body.data;
      expect(draft).toMatchObject({ draft: true, wizardStep: 2, thresholds: { helmet: 0.5, head: 0.5 } });
      const again = await call<DraftItem>('GET', AI_MODEL_API.draft(draft.id));
      expect(again.body.data).toMatchObject({
        wizardStep: 2,
        sampleImage: path,
        classes: ['helmet', 'head'],
      });
      expect(again.body.data.zones).toHaveLength(2);
      const drafts = await call<DraftItem[]>('GET', AI_MODEL_API.drafts);
      expect(drafts.body.data.map((d) => d.id)).toContain(draft.id);
      const picker = await call<Array<{ id: number }>>('GET', ALGORITHM_API.all);
      expect(picker.body.data.map((a) => a.id)).not.toContain(draft.id);
      const scenePicker = await call<Array<{ id: number }>>('GET', SCENE_CAMERA_API.algorithms);
      expect(scenePicker.body.data.map((a) => a.id)).not.toContain(draft.id);
      expect(scenePicker.body.data.length).toBeGreaterThan(0);
      const list = await call<{ list: Array<{ id: number }> }>('POST', ALGORITHM_API.list, {
        page: 1,
        limit: 50,
      });
      expect(list.body.data.list.map((a) => a.id)).not.toContain(draft.id);
      const refused = await ingest('INST-GATE3', 'draft-1');
      expect(refused.status).toBe(400);
    });

    it('keeps the order of the steps and checks the thresholds', async () => {
      const early = await call<DraftItem>('PUT', AI_MODEL_API.draft(draft.id), { step: 3, schedule: [] });
      expect(early.status).toBe(409);
      expect(early.body.data).toMatchObject({ id: draft.id, wizardStep: 2 });
      const confirmEarly = await call('POST', AI_MODEL_API.draftConfirm(draft.id));
      expect(confirmEarly.status).toBe(409);
      const bad = await call('PUT', AI_MODEL_API.draft(draft.id), {
        step: 2,
        thresholds: { helmet: 1.5, head: 0.5 },
        level: 120003,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(translate('aiInstance.threshold', 'en'));
      const missing = await call('PUT', AI_MODEL_API.draft(draft.id), {
        step: 2,
        thresholds: { helmet: 0.6 },
        level: 120003,
      });
      expect(missing.status).toBe(400);
      const ok2 = await call<DraftItem>('PUT', AI_MODEL_API.draft(draft.id), {
        step: 2,
        thresholds: { helmet: 0.6, head: 0.4 },
        level: 120003,
      });
      expect(ok2.body.data).toMatchObject({ wizardStep: 3, level: 120003, thresholds: { helmet: 0.6 } });
      const ok3 = await call<DraftItem>('PUT', AI_MODEL_API.draft(draft.id), {
        step: 3,
        schedule: [{ days: [1, 2, 3, 4, 5], start: '08:00', end: '18:00' }],
      });
      expect(ok3.body.data.wizardStep).toBe(4);
    });

    it('confirms: version 1 live, no longer a draft, in pickers, alarms record the version', async () => {
      const res = await call<ConfirmResult>('POST', AI_MODEL_API.draftConfirm(draft.id));
      expect(res.status).toBe(200);
      expect(res.body.data.versionNumber).toBe(1);
      const [row] = await h.app.db.select().from(algorithm).where(eq(algorithm.id, draft.id));
      expect(row).toMatchObject({ draft: false, liveVersionId: res.body.data.versionId, levels: [120003] });
      const [version] = await h.app.db
        .select()
        .from(algorithmVersion)
        .where(eq(algorithmVersion.id, res.body.data.versionId));
      expect(version).toMatchObject({ source: 'wizard', sha256: onnxModel.sha256, modelId: onnxModel.id });
      expect(version?.params.zones).toHaveLength(2);
      const picker = await call<Array<{ id: number }>>('GET', ALGORITHM_API.all);
      expect(picker.body.data.map((a) => a.id)).toContain(draft.id);
      const alarm = await ingest('INST-GATE3', 'live-1');
      expect(alarm.status).toBe(200);
      const [stored] = await h.app.db
        .select()
        .from(videoAlarm)
        .where(eq(videoAlarm.id, alarm.body.data?.id ?? 0));
      expect(stored?.algorithmVersionId).toBe(res.body.data.versionId);
      const twice = await call<DraftItem>('POST', AI_MODEL_API.draftConfirm(draft.id));
      expect(twice.status).toBe(409);
      expect(twice.body.data).toMatchObject({ id: draft.id, draft: false, liveVersion: 1 });
      expect((await call('PUT', AI_MODEL_API.draft(draft.id), { step: 3, schedule: [] })).status).toBe(409);
      expect((await call('DELETE', AI_MODEL_API.draft(draft.id))).status).toBe(409);
      const audit = await h.app.db.select().from(auditLog).where(eq(auditLog.action, 'aiInstance.confirm'));
      expect(audit).toHaveLength(1);
    });

    it('discards a draft with its sample image; the model in use cannot be deleted', async () => {
      const img = await sample(png);
      const created = await call<DraftItem>('POST', AI_MODEL_API.draftCreate, {
        ...step1({ code: 'INST-TMP', sampleImage: img.body.data.path }),
      });
      expect(created.status).toBe(200);
      const file = join(h.dataDir, 'media', img.body.data.path);
      expect(existsSync(file)).toBe(true);
      const gone = await call('DELETE', AI_MODEL_API.draft(created.body.data.id));
      expect(gone.status).toBe(200);
      expect(existsSync(file)).toBe(false);
      expect((await call('GET', AI_MODEL_API.draft(created.body.data.id))).status).toBe(404);
      expect((await call('DELETE', AI_MODEL_API.draft(created.body.data.id))).status).toBe(404);
      // The confirmed instance's sample image stays.
      expect(existsSync(join(h.dataDir, 'media', path))).toBe(true);

      const inUse = await call<ModelItem>('DELETE', AI_MODEL_API.one(onnxModel.id));
      expect(inUse.status).toBe(409);
      expect(inUse.body.data).toMatchObject({ id: onnxModel.id, instanceCount: 1 });
      const unused = await call<{ list: ModelItem[] }>('POST', AI_MODEL_API.list, {
        page: 1,
        limit: 10,
        keyword: 'fire-tflite',
      });
      const target = unused.body.data.list[0];
      const before = modelFiles().length;
      expect((await call('DELETE', AI_MODEL_API.one(target?.id ?? 0))).status).toBe(200);
      expect(modelFiles().length).toBe(before - 1);
      expect((await call('DELETE', AI_MODEL_API.one(target?.id ?? 0))).status).toBe(404);
    });

    it('refuses the wizard to an account without the instance permission', async () => {
      expect((await call('POST', AI_MODEL_API.draftCreate, step1({ code: 'X-OP' }), h.operator)).status).toBe(
        403,
      );
      expect((await call('GET', AI_MODEL_API.drafts, undefined, h.operator)).status).toBe(403);
    });
  });

  it('reads the stored file back byte for byte (sha256 matches the disk)', async () => {
    const list = await call<{ list: ModelItem[] }>('POST', AI_MODEL_API.list, { page: 1, limit: 50 });
    expect(list.body.data.list.length).toBeGreaterThan(0);
    for (const item of list.body.data.list) {
      const file = modelFiles().find((f) => {
        const data = readFileSync(join(h.dataDir, 'media', 'ai-model', f));
        return createHash('sha256').update(data).digest('hex') === item.sha256;
      });
      expect(file, item.name).toBeDefined();
    }
  });
});
