import {
  KNOWLEDGE_API,
  type KnowledgeArticle,
  type KnowledgeArticleBody,
  type KnowledgeArticleCode,
  type KnowledgeImageFields,
} from '@sentinel/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { tr } from '@/shared/i18n/i18n.ts';
import { action, request } from '@/shared/request/request.ts';
import { uploadFile } from '@/shared/request/upload.ts';
import { toast } from '@/shared/ui/feedback.ts';

const key = (code: KnowledgeArticleCode) => ['knowledgeBase', code] as const;

/** GET the article (written with its defaults the first time). */
export const useArticle = (code: KnowledgeArticleCode) =>
  useQuery({ queryKey: key(code), queryFn: () => request<KnowledgeArticle>(KNOWLEDGE_API.article(code)) });

/** Every change answers the whole article: it replaces the cached one. */
function useArticleChange<Input>(
  code: KnowledgeArticleCode,
  send: (input: Input) => Promise<KnowledgeArticle>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (article) => client.setQueryData(key(code), article),
  });
}

/** PUT title, body and parameters. */
export const useSaveArticle = (code: KnowledgeArticleCode) =>
  useArticleChange(
    code,
    async (body: KnowledgeArticleBody) =>
      (await action<KnowledgeArticle>(KNOWLEDGE_API.article(code), { method: 'PUT', body })).data,
  );

/** POST a reference image (multipart); errors are shown by the dialog. */
export const useAddImage = (code: KnowledgeArticleCode) =>
  useArticleChange(code, async ({ file, fields }: { file: File; fields: KnowledgeImageFields }) => {
    const envelope = await uploadFile<KnowledgeArticle>(KNOWLEDGE_API.image(code), file, { fields });
    toast.success(tr('knowledge.saved'));
    return envelope.data;
  });

/** DELETE a reference image. */
export const useRemoveImage = (code: KnowledgeArticleCode) =>
  useArticleChange(
    code,
    async (id: number) =>
      (await action<KnowledgeArticle>(KNOWLEDGE_API.imageDelete(code, id), { method: 'DELETE' })).data,
  );
