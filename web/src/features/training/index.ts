/** The training feature's public face: the instance library embeds an instance's training jobs. */
export { TrainingJobsTable } from './components/training-jobs-table.tsx';
export { step1Path } from './paths.ts';
