// The job-kind registry of the worker threads: one entry per kind in JobTypes.

import type { JobHandler, JobKind } from './jobs.ts';
import { runMateJob } from './mateJob.ts';
import { runPlayJob, runPlaySetupJob } from './playJob.ts';

export const jobHandlers: { readonly [K in JobKind]: JobHandler<K> } = {
  mate: runMateJob,
  play: runPlayJob,
  playSetup: runPlaySetupJob,
};
