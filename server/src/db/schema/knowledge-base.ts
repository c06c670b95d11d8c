import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { account } from './core.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A parameter as stored (contract `knowledgeParam`, validated before it is written). */
export interface StoredKnowledgeParam {
  name: { en: string; zh: string };
  value: number;
  unit: string;
  description: { en: string; zh: string };
}

/**
 * Knowledge base (issue 15 §7): one article per application-specific page, keyed by the page's
 * menu code, with its text in English and Chinese and its parameters.
 */
export const knowledgeArticle = pgTable('knowledge_article', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  titleEn: text('title_en').notNull(),
  titleZh: text('title_zh').notNull(),
  bodyEn: text('body_en').notNull(),
  bodyZh: text('body_zh').notNull(),
  params: jsonb('params').$type<StoredKnowledgeParam[]>().notNull().default([]),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => account.id, { onDelete: 'set null' }),
});

/** A reference image of an article: correct or incorrect example, with its caption in both languages. */
export const knowledgeImage = pgTable(
  'knowledge_image',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => knowledgeArticle.id, { onDelete: 'cascade' }),
    /** correct | incorrect */
    kind: text('kind').notNull(),
    captionEn: text('caption_en').notNull(),
    captionZh: text('caption_zh').notNull(),
    /** Relative to DATA_DIR/media (knowledge/…). */
    path: text('path').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('knowledge_image_article_idx').on(t.articleId, t.id)],
);
