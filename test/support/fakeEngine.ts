// An engine client whose mate jobs are answered by a function of the test's: a failure of our
// own, a search slow to stop, a report made up for the occasion.

import type { EngineClient, MateJob, SearchOptions } from '../../src/engine/index.ts';
import type { MateProgress, MateReport } from '../../src/search/mate/index.ts';

export type MateAnswer = (job: MateJob, options: SearchOptions<MateProgress>) => Promise<MateReport>;

export function mateEngine(answer: MateAnswer): EngineClient {
  return { run: ((job: MateJob, options: SearchOptions<MateProgress> = {}) => answer(job, options)) as EngineClient['run'] };
}
