/** The model base and instance wizard's public face (ARCHITECTURE.md, import rules). */
export { checkModelFile, type ModelFacts } from './model-check.ts';
export { buildOnnx, buildOpenvino, buildTflite, buildTorchscript } from './model-files.ts';
export { aiModelsRoutes } from './routes.ts';
export { seedAiModels } from './seed.ts';
