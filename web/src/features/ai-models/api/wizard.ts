import {
  AI_MODEL_API,
  type ConfirmResult,
  type DraftCreateBody,
  type DraftItem,
  type DraftUpdateBody,
  type ModelItem,
  type SampleImageResult,
} from '@sentinel/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { action, request } from '@/shared/request/request.ts';
import { uploadFile } from '@/shared/request/upload.ts';
import { MODELS_KEY } from './models.ts';

/** The instance wizard's calls: the sample image, the draft at each step, confirm, discard. */

export const draftQuery = (id: number) =>
  queryOptions({
    queryKey: [...MODELS_KEY, 'draft', id],
    queryFn: () => request<DraftItem>(AI_MODEL_API.draft(id)),
    enabled: id > 0,
  });
export const useDraft = (id: number) => useQuery(draftQuery(id));

export const useDrafts = () =>
  useQuery({ queryKey: [...MODELS_KEY, 'drafts'], queryFn: () => request<DraftItem[]>(AI_MODEL_API.drafts) });

export const useModel = (id: number) =>
  useQuery({
    queryKey: [...MODELS_KEY, 'model', id],
    queryFn: () => request<ModelItem>(AI_MODEL_API.one(id)),
    enabled: id > 0,
  });

export async function uploadSample(file: File): Promise<SampleImageResult> {
  return (await uploadFile<SampleImageResult>(AI_MODEL_API.sample, file, { timeoutMs: 60_000 })).data;
}

/** Saves a step: a new draft (step 1 without an id) or a step of an existing one. */
export function useSaveStep() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: DraftUpdateBody }) =>
      id
        ? (await action<DraftItem>(AI_MODEL_API.draft(id), { method: 'PUT', body, silent: true })).data
        : (
            await action<DraftItem>(AI_MODEL_API.draftCreate, {
              method: 'POST',
              body: body as DraftCreateBody,
              silent: true,
            })
          ).data,
    onSuccess: (draft) => {
      client.setQueryData(draftQuery(draft.id).queryKey, draft);
      return client.invalidateQueries({ queryKey: MODELS_KEY });
    },
  });
}

export function useConfirmDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await action<ConfirmResult>(AI_MODEL_API.draftConfirm(id), { method: 'POST' })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: MODELS_KEY }),
  });
}

export function useDiscardDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => action<null>(AI_MODEL_API.draft(id), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: MODELS_KEY }),
  });
}
