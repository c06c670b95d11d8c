import { NO_SAMPLE } from '@sentinel/contract';

/**
 * The wizard's URLs (SPEC §2): `createinstance1/:modeId/:modeName/:imgData`,
 * `createinstance2|3/:instanceId/:modeName/:imgData`, `createinstance4/:modeName`. `:imgData` is
 * the sample image's token (its file name under the sample directory) or '-' before one exists;
 * the draft's id travels as `?draft=` where the SPEC's path has no place for it (steps 1 and 4),
 * so a reload always finds the draft and its step.
 */
const BASE = '/AIOpenPlatform/AlgorithmModelBase';
const seg = (value: string) => encodeURIComponent(value || '-');

export const wizardPath = {
  list: BASE,
  step1: (modelId: number, modelName: string, img: string, draftId?: number) =>
    `${BASE}/createinstance1/${modelId}/${seg(modelName)}/${seg(img || NO_SAMPLE)}${draftId ? `?draft=${draftId}` : ''}`,
  step2: (id: number, modelName: string, img: string) =>
    `${BASE}/createinstance2/${id}/${seg(modelName)}/${seg(img || NO_SAMPLE)}`,
  step3: (id: number, modelName: string, img: string) =>
    `${BASE}/createinstance3/${id}/${seg(modelName)}/${seg(img || NO_SAMPLE)}`,
  step4: (id: number, modelName: string) => `${BASE}/createinstance4/${seg(modelName)}?draft=${id}`,
};

/** The sample image's token (file name) from its media path. */
export const sampleToken = (path: string) => path.split('/').pop() ?? '';

/** Where "continue" takes a draft: the step it is at. */
export function continuePath(draft: {
  id: number;
  modelId: number | null;
  modelName: string;
  wizardStep: number;
  sampleImage: string;
}) {
  const img = sampleToken(draft.sampleImage);
  if (draft.wizardStep >= 4) return wizardPath.step4(draft.id, draft.modelName);
  if (draft.wizardStep === 3) return wizardPath.step3(draft.id, draft.modelName, img);
  if (draft.wizardStep === 2) return wizardPath.step2(draft.id, draft.modelName, img);
  return wizardPath.step1(draft.modelId ?? 0, draft.modelName, img, draft.id);
}

/** A positive id from a URL segment or query, else 0. */
export const idFrom = (value: string | null | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 0;
};
