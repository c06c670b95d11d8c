import type { KnowledgeArticleBody } from '@sentinel/contract';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { account } from '../../db/schema/index.ts';
import { knowledgeArticle, knowledgeImage } from '../../db/schema/knowledge-base.ts';

export type ArticleRow = typeof knowledgeArticle.$inferSelect;
export type ImageRow = typeof knowledgeImage.$inferSelect;

/** The article of a page code with the name of its last editor (undefined: not written yet). */
export async function findArticle(db: Db, code: string) {
  const [row] = await db
    .select({ article: knowledgeArticle, editor: account.displayName })
    .from(knowledgeArticle)
    .leftJoin(account, eq(account.id, knowledgeArticle.updatedBy))
    .where(eq(knowledgeArticle.code, code));
  return row;
}

export function articleImages(db: Db, articleId: number): Promise<ImageRow[]> {
  return db
    .select()
    .from(knowledgeImage)
    .where(eq(knowledgeImage.articleId, articleId))
    .orderBy(asc(knowledgeImage.id));
}

export async function imageCount(db: Db, articleId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(knowledgeImage)
    .where(eq(knowledgeImage.articleId, articleId));
  return row?.n ?? 0;
}

const columnsOf = (body: KnowledgeArticleBody) => ({
  titleEn: body.title.en,
  titleZh: body.title.zh,
  bodyEn: body.body.en,
  bodyZh: body.body.zh,
  params: body.params,
});

/**
 * Writes the default article with its images in one transaction, unless another request wrote
 * it first (then nothing: false, and the caller removes the image files it prepared).
 */
export async function insertDefaultArticle(
  db: Db,
  code: string,
  body: KnowledgeArticleBody,
  images: Array<Pick<ImageRow, 'kind' | 'captionEn' | 'captionZh' | 'path'>>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(knowledgeArticle)
      .values({ code, ...columnsOf(body) })
      .onConflictDoNothing({ target: knowledgeArticle.code })
      .returning({ id: knowledgeArticle.id });
    if (!row) return false;
    if (images.length > 0)
      await tx.insert(knowledgeImage).values(images.map((i) => ({ ...i, articleId: row.id })));
    return true;
  });
}

export async function updateArticle(
  db: Db,
  id: number,
  body: KnowledgeArticleBody,
  by: number,
  at: Date,
): Promise<void> {
  await db
    .update(knowledgeArticle)
    .set({ ...columnsOf(body), updatedBy: by, updatedAt: at })
    .where(eq(knowledgeArticle.id, id));
}

export async function insertImage(
  db: Db,
  values: Pick<ImageRow, 'articleId' | 'kind' | 'captionEn' | 'captionZh' | 'path'>,
): Promise<ImageRow | undefined> {
  const [row] = await db.insert(knowledgeImage).values(values).returning();
  return row;
}

/** Deletes an image of the article; its row (for the file and the audit) or undefined when unknown. */
export async function deleteImage(db: Db, articleId: number, id: number): Promise<ImageRow | undefined> {
  const [row] = await db
    .delete(knowledgeImage)
    .where(and(eq(knowledgeImage.articleId, articleId), eq(knowledgeImage.id, id)))
    .returning();
  return row;
}

/** Of these media paths, those an image row holds (the orphan sweep keeps them). */
export async function heldImages(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const rows = await db
    .select({ path: knowledgeImage.path })
    .from(knowledgeImage)
    .where(inArray(knowledgeImage.path, paths));
  return new Set(rows.map((r) => r.path));
}
