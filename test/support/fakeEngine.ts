// An engine client whose mate jobs are answered by a function of the test's: a failure of our
// own, a search slow to stop, a report made up for the occasion. Like a real engine, it times the
// search itself (elapsedMs in each progress report and in the result) unless the answer says.

import { performance } from 'node:perf_hooks';
import type { EngineClient, MateJob, MateJobProgress, MateJobResult, SearchOptions } from '../../src/engine/index.ts';
import type { MateProgress, MateReport } from '../../src/search/mate/index.ts';

export type MateAnswer = (
  job: MateJob, options: SearchOptions<MateProgress & Partial<MateJobProgress>>,
) => Promise<MateReport & Partial<MateJobResult>>;

export function mateEngine(answer: MateAnswer): EngineClient {
  const run = async (job: MateJob, options: SearchOptions<MateJobProgress> = {}): Promise<MateJobResult> => {
    const startedAt = performance.now();
    const elapsedMs = () => Math.round(performance.now() - startedAt);
    const { onProgress, ...rest } = options;
    const report = await answer(job, {
      ...rest,
      ...(onProgress ? { onProgress: (progress) => onProgress({ ...progress, elapsedMs: progress.elapsedMs ?? elapsedMs() }) } : {}),
    });
    return { ...report, elapsedMs: report.elapsedMs ?? elapsedMs() };
  };
  return { run: run as EngineClient['run'] };
}
