import {
  KNOWLEDGE_IMAGE_DIR,
  KNOWLEDGE_MAX_IMAGES,
  type KnowledgeArticle,
  type KnowledgeArticleBody,
  type KnowledgeArticleCode,
  type KnowledgeImageFields,
} from '@sentinel/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '../../platform/errors.ts';
import { mediaUrl, removeMedia, storeImage } from '../../platform/media.ts';
import { CRANE_TUBE_ARTICLE, CRANE_TUBE_DRAWINGS, renderDrawing } from './crane-tube-article.ts';
import {
  type ArticleRow,
  articleImages,
  deleteImage,
  findArticle,
  imageCount,
  insertDefaultArticle,
  insertImage,
  updateArticle,
} from './repo.ts';

/** The default content of each page code, written the first time it is read. */
const DEFAULTS: Record<
  KnowledgeArticleCode,
  { body: KnowledgeArticleBody; drawings: typeof CRANE_TUBE_DRAWINGS }
> = {
  craneTube: { body: CRANE_TUBE_ARTICLE, drawings: CRANE_TUBE_DRAWINGS },
};

/** Writes the default article of `code` (and its reference pictures) unless it exists. */
async function ensureArticle(app: FastifyInstance, code: KnowledgeArticleCode): Promise<void> {
  if (await findArticle(app.db, code)) return;
  const { body, drawings } = DEFAULTS[code];
  const images = [];
  for (const d of drawings) {
    const stored = await storeImage(app, { buffer: await renderDrawing(d), subdir: KNOWLEDGE_IMAGE_DIR });
    images.push({ kind: d.kind, captionEn: d.caption.en, captionZh: d.caption.zh, path: stored.path });
  }
  const written = await insertDefaultArticle(app.db, code, body, images);
  // Another request wrote it first: these files are nobody's.
  if (!written) await Promise.all(images.map((i) => removeMedia(app, i.path)));
}

async function articleRow(app: FastifyInstance, code: KnowledgeArticleCode): Promise<ArticleRow> {
  await ensureArticle(app, code);
  const found = await findArticle(app.db, code);
  if (!found) throw notFound();
  return found.article;
}

/** The article of a page, as the page shows it (written with its defaults on first read). */
export async function readArticle(
  app: FastifyInstance,
  code: KnowledgeArticleCode,
): Promise<KnowledgeArticle> {
  await ensureArticle(app, code);
  const found = await findArticle(app.db, code);
  if (!found) throw notFound();
  const a = found.article;
  const images = await articleImages(app.db, a.id);
  return {
    code: a.code,
    title: { en: a.titleEn, zh: a.titleZh },
    body: { en: a.bodyEn, zh: a.bodyZh },
    params: a.params,
    images: images.map((i) => ({
      id: i.id,
      kind: i.kind === 'correct' ? 'correct' : 'incorrect',
      caption: { en: i.captionEn, zh: i.captionZh },
      url: mediaUrl(i.path),
    })),
    updatedAt: a.updatedAt.toISOString(),
    updatedBy: found.editor ?? '',
  };
}

export async function saveArticle(
  app: FastifyInstance,
  code: KnowledgeArticleCode,
  body: KnowledgeArticleBody,
  accountId: number,
): Promise<ArticleRow> {
  const row = await articleRow(app, code);
  await updateArticle(app.db, row.id, body, accountId, app.appConfig.now());
  return row;
}

/** Stores an uploaded reference image (JPG or PNG by content, ≤ 500 KB, re-encoded) on the article. */
export async function addImage(
  app: FastifyInstance,
  code: KnowledgeArticleCode,
  fields: KnowledgeImageFields,
  buffer: Buffer,
) {
  const row = await articleRow(app, code);
  if ((await imageCount(app.db, row.id)) >= KNOWLEDGE_MAX_IMAGES)
    throw new AppError(409, 'knowledge.tooManyImages');
  const stored = await storeImage(app, { buffer, subdir: KNOWLEDGE_IMAGE_DIR });
  try {
    const image = await insertImage(app.db, {
      articleId: row.id,
      kind: fields.kind,
      captionEn: fields.captionEn,
      captionZh: fields.captionZh,
      path: stored.path,
    });
    if (!image) throw new Error('knowledge image not inserted');
    return image;
  } catch (error) {
    await removeMedia(app, stored.path);
    throw error;
  }
}

/** Removes a reference image and its file; 404 'knowledge.imageNotFound' when the article has no such image. */
export async function removeImage(app: FastifyInstance, code: KnowledgeArticleCode, id: number) {
  const row = await articleRow(app, code);
  const image = await deleteImage(app.db, row.id, id);
  if (!image) throw notFound('knowledge.imageNotFound');
  await removeMedia(app, image.path);
  return image;
}
