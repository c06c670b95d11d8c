import { z } from 'zod';
import { idParams } from './session.ts';

/**
 * Knowledge base › application-specific pages (issue 15 §7): one article per algorithm page —
 * its procedure text, parameters and reference images, in English and Chinese. Stored generically
 * (keyed by the page's menu code); each code's routes check that page's permission (view) and its
 * button code `<code>:edit` (change). Paths are ours (the SPEC shows none).
 */
export const KNOWLEDGE_ARTICLE_CODES = ['craneTube'] as const;
export type KnowledgeArticleCode = (typeof KNOWLEDGE_ARTICLE_CODES)[number];

export const KNOWLEDGE_API = {
  /** GET → the article; PUT { title, body, params } → the article. */
  article: (code: KnowledgeArticleCode) => `/api/v2/backend/knowledgeBase/article/${code}`,
  /** POST multipart: `file` (JPG or PNG by content, ≤ 500 KB), `kind`, `captionEn`, `captionZh` → the article. */
  image: (code: KnowledgeArticleCode) => `/api/v2/backend/knowledgeBase/article/${code}/image`,
  /** DELETE → the article. */
  imageDelete: (code: KnowledgeArticleCode, id: number) =>
    `/api/v2/backend/knowledgeBase/article/${code}/image/${id}`,
} as const;

/** Media subdirectory of the reference images. */
export const KNOWLEDGE_IMAGE_DIR = 'knowledge';
export const KNOWLEDGE_MAX_PARAMS = 20;
export const KNOWLEDGE_MAX_IMAGES = 12;
export const KNOWLEDGE_BODY_MAX = 10_000;

const text = (max: number) => z.string().trim().max(max, 'field.tooLong');
const required = (max: number) => text(max).min(1, 'field.required');

/** A text in both languages (both required). */
export const bilingual = (max: number) => z.object({ en: required(max), zh: required(max) });

/** One parameter of the algorithm: e.g. alignment tolerance 3 degrees. */
export const knowledgeParam = z.object({
  name: bilingual(60),
  value: z.number({ error: 'field.required' }).finite(),
  /** Unit as shown after the value ('°', 's', '' for none). */
  unit: text(16).default(''),
  description: z.object({ en: text(300).default(''), zh: text(300).default('') }),
});
export type KnowledgeParam = z.infer<typeof knowledgeParam>;
export type KnowledgeParamInput = z.input<typeof knowledgeParam>;

/**
 * The editable part of an article. The body is plain text: paragraphs separated by a blank line,
 * lines starting "1." (any number) shown as numbered steps; never rendered as HTML.
 */
export const knowledgeArticleBody = z.object({
  title: bilingual(100),
  body: bilingual(KNOWLEDGE_BODY_MAX),
  params: z.array(knowledgeParam).max(KNOWLEDGE_MAX_PARAMS, 'knowledge.tooManyParams'),
});
export type KnowledgeArticleBody = z.infer<typeof knowledgeArticleBody>;
export type KnowledgeArticleBodyInput = z.input<typeof knowledgeArticleBody>;

export const KNOWLEDGE_IMAGE_KINDS = ['correct', 'incorrect'] as const;
export const knowledgeImageKind = z.enum(KNOWLEDGE_IMAGE_KINDS, { error: 'field.required' });
export type KnowledgeImageKind = z.infer<typeof knowledgeImageKind>;

/** The text fields of an image upload (the multipart form's fields). */
export const knowledgeImageFields = z.object({
  kind: knowledgeImageKind,
  captionEn: required(200),
  captionZh: required(200),
});
export type KnowledgeImageFields = z.infer<typeof knowledgeImageFields>;

export const knowledgeImage = z.object({
  id: z.number(),
  kind: knowledgeImageKind,
  caption: z.object({ en: z.string(), zh: z.string() }),
  url: z.string(),
});
export type KnowledgeImage = z.infer<typeof knowledgeImage>;

export const knowledgeArticle = z.object({
  code: z.string(),
  title: z.object({ en: z.string(), zh: z.string() }),
  body: z.object({ en: z.string(), zh: z.string() }),
  params: z.array(
    z.object({
      name: z.object({ en: z.string(), zh: z.string() }),
      value: z.number(),
      unit: z.string(),
      description: z.object({ en: z.string(), zh: z.string() }),
    }),
  ),
  images: z.array(knowledgeImage),
  updatedAt: z.string(),
  updatedBy: z.string(),
});
export type KnowledgeArticle = z.infer<typeof knowledgeArticle>;

export const knowledgeImageParams = idParams;

export const KNOWLEDGE_BASE_MESSAGES = {
  'knowledge.tooManyParams': {
    en: `At most ${KNOWLEDGE_MAX_PARAMS} parameters`,
    'zh-CN': `参数最多 ${KNOWLEDGE_MAX_PARAMS} 个`,
  },
  'knowledge.tooManyImages': {
    en: `At most ${KNOWLEDGE_MAX_IMAGES} reference images`,
    'zh-CN': `参考图片最多 ${KNOWLEDGE_MAX_IMAGES} 张`,
  },
  'knowledge.imageNotFound': { en: 'The image does not exist', 'zh-CN': '图片不存在' },
  'knowledge.saved': { en: 'Saved', 'zh-CN': '保存成功' },
} as const;

/** One paragraph of an article body: text, or numbered steps. */
export type BodyBlock = { kind: 'text'; text: string } | { kind: 'steps'; start: number; steps: string[] };

const STEP = /^\s*\d{1,3}[.、)]\s*/;

/**
 * The blocks of a plain-text body (shared by the page and its tests): paragraphs split on blank
 * lines; a paragraph whose lines all start with a number ("1.", "2、", "3)") is a list of steps.
 */
export function bodyBlocks(body: string): BodyBlock[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p): BodyBlock => {
      const lines = p.split('\n').map((l) => l.trim());
      return lines.every((l) => STEP.test(l))
        ? {
            kind: 'steps',
            start: Number.parseInt(lines[0] ?? '1', 10),
            steps: lines.map((l) => l.replace(STEP, '')),
          }
        : { kind: 'text', text: lines.join('\n') };
    });
}
