import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Envelope,
  KNOWLEDGE_API,
  KNOWLEDGE_MAX_PARAMS,
  type KnowledgeArticle,
  type KnowledgeArticleBodyInput,
} from '@sentinel/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.ts';
import { knowledgeImage } from '../../db/schema/knowledge-base.ts';
import { MEDIA_URL_PREFIX } from '../../platform/media.ts';
import { backends, createAccount, createAccountWithPages, login, useTestApp } from '../../test/helpers.ts';
import { multipartFile, pngOfSize, testImage } from '../../test/multipart.ts';

const ARTICLE = KNOWLEDGE_API.article('craneTube');
const IMAGE = KNOWLEDGE_API.image('craneTube');

describe.each(backends)('knowledge base › crane tube alignment on %s', (backend) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sentinel-knowledge-'));
  const t = useTestApp(backend, { dataDir });
  let admin = '';
  let viewer = '';
  let outsider = '';

  beforeAll(async () => {
    admin = await login(t.app, await createAccount(t.app, { roles: ['admin'] }));
    viewer = await login(t.app, await createAccountWithPages(t.app, ['craneTube']));
    outsider = await login(t.app, await createAccountWithPages(t.app, ['workflowType']));
  });

  const call = async <T = KnowledgeArticle>(
    method: 'GET' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token = admin,
    lang = 'en',
  ) => {
    const res = await t.app.inject({
      method,
      url,
      headers: { token, lang },
      ...(payload ? { payload } : {}),
    });
    return { status: res.statusCode, body: res.json() as Envelope<T> };
  };
  const upload = async (
    file: Buffer,
    fields: Record<string, string>,
    token = admin,
    contentType = 'image/png',
  ) => {
    const body = multipartFile(file, { filename: 'example.png', contentType, fields });
    const res = await t.app.inject({
      method: 'POST',
      url: IMAGE,
      headers: { ...body.headers, token, lang: 'zh-CN' },
      payload: body.payload,
    });
    return { status: res.statusCode, body: res.json() as Envelope<KnowledgeArticle> };
  };
  const media = (url: string, token = admin) => t.app.inject({ method: 'GET', url, headers: { token } });
  const editable = (a: KnowledgeArticle): KnowledgeArticleBodyInput => ({
    title: a.title,
    body: a.body,
    params: a.params,
  });
  const captions = { kind: 'incorrect', captionEn: 'Tube turned', captionZh: '管段偏转' };

  it('writes the default article on first read: procedure in both languages, parameters, three pictures', async () => {
    const { status, body } = await call('GET', ARTICLE);
    expect(status).toBe(200);
    const a = body.data;
    expect(a.title).toEqual({ en: 'Crane tube alignment', zh: '吊管对中' });
    expect(a.body.en).toMatch(/^1\. /m);
    expect(a.body.zh).toContain('对中');
    expect(a.params.map((p) => p.name.en)).toContain('Alignment tolerance');
    expect(a.params.find((p) => p.name.en === 'Alignment tolerance')).toMatchObject({ value: 3, unit: '°' });
    expect(a.images.map((i) => i.kind)).toEqual(['correct', 'incorrect', 'incorrect']);
    for (const image of a.images) {
      expect(image.url.startsWith(MEDIA_URL_PREFIX)).toBe(true);
      const res = await media(image.url);
      expect(res.statusCode).toBe(200);
      expect((await sharp(res.rawPayload).metadata()).format).toBe('jpeg');
    }
    // A second read writes nothing more.
    expect((await call('GET', ARTICLE)).body.data.images).toHaveLength(3);
  });

  it('saves an edit in both languages, audited, and refuses invalid ones with the field', async () => {
    const before = (await call('GET', ARTICLE)).body.data;
    const edit = editable(before);
    edit.body = {
      en: `${before.body.en}\n\n9. Sign the lift record.`,
      zh: `${before.body.zh}\n\n9. 填写吊装记录。`,
    };
    edit.params = [
      ...before.params,
      { name: { en: 'Hold height', zh: '保持高度' }, value: 0.5, unit: 'm', description: { en: '', zh: '' } },
    ];
    const saved = await call('PUT', ARTICLE, edit);
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.body.zh).toContain('填写吊装记录');
    expect(saved.body.data.params.at(-1)).toMatchObject({ value: 0.5, unit: 'm' });
    expect(saved.body.data.updatedBy).not.toBe('');
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'knowledge.update'));
    expect(audits).toHaveLength(1);

    const noZh = await call('PUT', ARTICLE, { ...edit, title: { en: 'X', zh: '' } }, admin, 'zh-CN');
    expect(noZh.status).toBe(400);
    expect(JSON.stringify(noZh.body)).toContain('title.zh');
    expect(noZh.body.message).toBe('此项不能为空!');
    const notNumber = await call('PUT', ARTICLE, {
      ...edit,
      params: [{ name: { en: 'a', zh: 'b' }, value: 'three', unit: '', description: { en: '', zh: '' } }],
    });
    expect(notNumber.status).toBe(400);
    const tooMany = await call('PUT', ARTICLE, {
      ...edit,
      params: Array.from({ length: KNOWLEDGE_MAX_PARAMS + 1 }, (_, i) => ({
        name: { en: `p${i}`, zh: `参数${i}` },
        value: i,
        description: { en: '', zh: '' },
      })),
    });
    expect(tooMany.status).toBe(400);
    // Nothing of the refused edits was stored.
    expect((await call('GET', ARTICLE)).body.data.params).toHaveLength(edit.params.length);
  });

  it('adds a JPG or PNG checked by content, re-encoded; refuses disguised, oversize and uncaptioned files', async () => {
    const png = await testImage('png', 48);
    const added = await upload(png, captions);
    expect(added.status, added.body.message).toBe(200);
    const image = added.body.data.images.at(-1);
    expect(image).toMatchObject({ kind: 'incorrect', caption: { en: 'Tube turned', zh: '管段偏转' } });
    const [row] = await t.app.db
      .select()
      .from(knowledgeImage)
      .where(eq(knowledgeImage.id, image?.id ?? 0));
    const stored = readFileSync(join(dataDir, 'media', row?.path ?? ''));
    expect((await sharp(stored).metadata()).format).toBe('png');
    expect((await call('GET', ARTICLE)).body.data.images).toHaveLength(4);

    const disguised = await upload(Buffer.from('<svg onload="alert(1)"></svg>'), captions);
    expect(disguised.status).toBe(400);
    expect(disguised.body.message).toBe('只能上传jpg或png格式的图片');
    expect((await upload(await testImage('gif', 16), captions, admin, 'image/png')).status).toBe(400);
    expect((await upload(await pngOfSize(500 * 1024 + 1), captions)).status).toBe(413);
    const noCaption = await upload(png, { kind: 'correct', captionEn: 'x', captionZh: '' });
    expect(noCaption.status).toBe(400);
    expect(JSON.stringify(noCaption.body)).toContain('captionZh');
    expect((await upload(png, { ...captions, kind: 'maybe' })).status).toBe(400);
    expect((await call('GET', ARTICLE)).body.data.images).toHaveLength(4);
  });

  it('deletes an image with its file; an unknown one is 404', async () => {
    const a = (await call('GET', ARTICLE)).body.data;
    const last = a.images.at(-1);
    if (!last) throw new Error('no image');
    const [row] = await t.app.db.select().from(knowledgeImage).where(eq(knowledgeImage.id, last.id));
    const file = join(dataDir, 'media', row?.path ?? '');
    expect(existsSync(file)).toBe(true);
    const removed = await call('DELETE', KNOWLEDGE_API.imageDelete('craneTube', last.id));
    expect(removed.status).toBe(200);
    expect(removed.body.data.images.map((i) => i.id)).not.toContain(last.id);
    expect(existsSync(file)).toBe(false);
    expect((await call('DELETE', KNOWLEDGE_API.imageDelete('craneTube', last.id))).status).toBe(404);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'knowledge.imageDelete'));
    expect(audits).toHaveLength(1);
  });

  it('lets a page viewer read but not edit; others may not read the article or its pictures', async () => {
    const read = await call('GET', ARTICLE, undefined, viewer);
    expect(read.status).toBe(200);
    const picture = read.body.data.images[0]?.url ?? '';
    expect((await media(picture, viewer)).statusCode).toBe(200);
    expect((await call('PUT', ARTICLE, editable(read.body.data), viewer)).status).toBe(403);
    expect((await upload(await testImage('png', 16), captions, viewer)).status).toBe(403);
    const id = read.body.data.images[0]?.id ?? 0;
    expect((await call('DELETE', KNOWLEDGE_API.imageDelete('craneTube', id), undefined, viewer)).status).toBe(
      403,
    );

    expect((await call('GET', ARTICLE, undefined, outsider)).status).toBe(403);
    expect((await media(picture, outsider)).statusCode).toBe(404);
  });
});
