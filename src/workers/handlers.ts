// The job-kind registry of the worker threads: one entry per kind in JobTypes.

import type { JobHandler, JobKind } from './jobs.ts';
import { runMateJob } from './mateJob.ts';

export const jobHandlers: { readonly [K in JobKind]: JobHandler<K> } = {
  mate: runMateJob,
};
