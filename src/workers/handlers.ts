// The job-kind registry of the worker threads: one entry per kind in JobTypes.
//
// The game engine (playJob.ts, and through it the evaluation network: 4.6 MB of source) is loaded
// by the first play job, not with this registry: a thread or a command that only solves mates
// (`chessbot mate`, the console, a queue worker) never parses it, which is most of a cold start.
// A thread that will play loads it ahead of time with preloadPlay().

import type { JobHandler, JobKind } from './jobs.ts';
import { runMateJob, runMateKeyJob } from './mateJob.ts';

type PlayModule = typeof import('./playJob.ts');

let playModule: Promise<PlayModule> | undefined;

/** Loads the game engine into this thread (once); play jobs wait for it. */
export function preloadPlay(): Promise<PlayModule> {
  playModule ??= import('./playJob.ts');
  return playModule;
}

export const jobHandlers: { readonly [K in JobKind]: JobHandler<K> } = {
  mate: runMateJob,
  mateKey: runMateKeyJob,
  play: async (job, context) => (await preloadPlay()).runPlayJob(job, context),
  playSetup: async (job, context) => (await preloadPlay()).runPlaySetupJob(job, context),
};
