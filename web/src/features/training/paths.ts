/**
 * The wizard's routes (SPEC §2). `:modeId` of step 1 is the instance's base model id (shown, not
 * needed); `:imgData` of step 2 is the chosen frozen dataset version's id; step 3 carries only the
 * instance's name, so the job travels as `?job=<id>`.
 */
const BASE = '/AIOpenPlatform/AlgorithmInstanceLibrary';
const seg = (value: string | number) => encodeURIComponent(String(value));

export const step1Path = (instanceId: number, instanceName: string, modelId: number | string = 0) =>
  `${BASE}/dataRetraining1/${seg(instanceId)}/${seg(instanceName)}/${seg(modelId)}`;
export const step2Path = (instanceId: number, instanceName: string, datasetVersionId: number) =>
  `${BASE}/dataRetraining2/${seg(instanceId)}/${seg(instanceName)}/${seg(datasetVersionId)}`;
export const step3Path = (instanceName: string, jobId: number) =>
  `${BASE}/dataRetraining3/${seg(instanceName)}?job=${jobId}`;
export const LIBRARY_PATH = BASE;
export const DATASETS_PATH = '/AIOpenPlatform/trainingDataset';
