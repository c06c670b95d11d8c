import {
  isMessageCode,
  KNOWLEDGE_API,
  KNOWLEDGE_ARTICLE_CODES,
  KNOWLEDGE_IMAGE_DIR,
  type KnowledgeArticleCode,
  knowledgeArticle,
  knowledgeArticleBody,
  knowledgeImageFields,
  knowledgeImageParams,
  type MessageCode,
} from '@sentinel/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditChange } from '../../platform/audit.ts';
import { requireUser } from '../../platform/auth.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { badRequest } from '../../platform/errors.ts';
import { MAX_IMAGE_BYTES } from '../../platform/media.ts';
import { registerMediaOwner } from '../../platform/media-registry.ts';
import { readMultipartForm } from '../../platform/multipart.ts';
import { hasPermission } from '../../platform/sessions.ts';
import { heldImages } from './repo.ts';
import { addImage, readArticle, removeImage, saveArticle } from './service.ts';

const PREFIX = '/api/v2/backend';
const under = (path: string) => path.slice(PREFIX.length);
const tags = ['knowledge base'];

/** The upload's text fields, validated by the contract; 400 with each field's message. */
function imageFieldsOf(values: Record<string, string>) {
  const parsed = knowledgeImageFields.safeParse(values);
  if (parsed.success) return parsed.data;
  const fields = parsed.error.issues.map((i) => ({
    field: i.path.join('.'),
    message: isMessageCode(i.message) ? i.message : 'field.invalid',
  }));
  throw badRequest((fields[0]?.message ?? 'field.invalid') as MessageCode, fields);
}

/** One page's article: read with the page's permission, changed with its `<code>:edit` button code. */
function articleRoutes(code: KnowledgeArticleCode): FastifyPluginAsyncZod {
  return async (app) => {
    const VIEW = { access: { permission: code } } as const;
    const EDIT = { access: { permission: `${code}:edit` } } as const;
    const path = under(KNOWLEDGE_API.article(code));

    app.get(path, {
      config: VIEW,
      schema: {
        tags,
        summary: `The ${code} article: title, procedure, parameters and reference images in both languages`,
        response: { 200: envelopeOf(knowledgeArticle) },
      },
      handler: async (request) => ok(request, await readArticle(app, code)),
    });

    app.put(path, {
      config: EDIT,
      schema: {
        tags,
        summary: `Edit the ${code} article (title, body and parameters in English and Chinese)`,
        body: knowledgeArticleBody,
        response: { 200: envelopeOf(knowledgeArticle) },
      },
      handler: async (request) => {
        const user = requireUser(request);
        const row = await saveArticle(app, code, request.body, user.accountId);
        await auditChange(app, request, 'knowledge.update', row.id, {
          code,
          params: request.body.params.length,
        });
        return ok(request, await readArticle(app, code), 'knowledge.saved');
      },
    });

    app.post(under(KNOWLEDGE_API.image(code)), {
      config: EDIT,
      schema: {
        tags,
        summary: `Add a reference image to the ${code} article (multipart: file JPG/PNG ≤ 500 KB by content, kind, captionEn, captionZh)`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(knowledgeArticle) },
      },
      handler: async (request) => {
        if (!request.isMultipart()) throw badRequest('image.type');
        const form = await readMultipartForm(request, {
          files: { file: { maxBytes: MAX_IMAGE_BYTES, tooLarge: 'image.size' } },
          fields: 5,
          fieldSize: 1024,
        });
        const fields = imageFieldsOf(form.values);
        const file = form.files.file;
        if (!file) throw badRequest('image.type', [{ field: 'file', message: 'image.type' }]);
        const image = await addImage(app, code, fields, file);
        await auditChange(app, request, 'knowledge.imageAdd', image.id, { code, kind: image.kind });
        return ok(request, await readArticle(app, code));
      },
    });

    app.delete(`${path}/image/:id`, {
      config: EDIT,
      schema: {
        tags,
        summary: `Delete a reference image of the ${code} article (and its file)`,
        params: knowledgeImageParams,
        response: { 200: envelopeOf(knowledgeArticle) },
      },
      handler: async (request) => {
        const image = await removeImage(app, code, request.params.id);
        await auditChange(app, request, 'knowledge.imageDelete', image.id, { code, kind: image.kind });
        return ok(request, await readArticle(app, code));
      },
    });
  };
}

/** Knowledge base › application-specific pages (issue 15 §7), mounted under /api/v2/backend. */
export const knowledgeBaseRoutes: FastifyPluginAsyncZod = async (app) => {
  // Reference images: whoever may open one of the knowledge pages; the sweep removes unheld files.
  registerMediaOwner(app, {
    subdir: KNOWLEDGE_IMAGE_DIR,
    canRead: async (user) => KNOWLEDGE_ARTICLE_CODES.some((code) => hasPermission(user, code)),
    referenced: (paths) => heldImages(app.db, paths),
  });
  for (const code of KNOWLEDGE_ARTICLE_CODES) await app.register(articleRoutes(code));
};
