// The /mate use case, shared by the console, the command line and Discord: the request checked
// before any work starts, the search on the engine client, and the answer's words.

export {
  CHECKS_WORD, MATE_MODES, SOLUTION_WORD, TREE_WORD, type MateFields, type MateProblem, type MateSettings, checkMateFields, checkMateProblem, mateJob,
  parseMateKind, parseMateMode, parseMateMoves, parseMatePosition, parseMateWords, parseStipulationWord, STIPULATION_PREFIXES,
  type MateFrontEnd, mateFenFromWords, pastedPositionLine, unknownMateWord, withPasted,
} from './request.ts';
export { type MateSearchOptions, SHUTDOWN, searchMate } from './search.ts';
export {
  type MateOutcome, type MoveNumbering, formatBoard, formatCount, formatKeys, formatMainLine, formatMateAnswer, formatProgress, formatSeconds,
  formatSolutionTree, formatStipulation, numberMoves,
} from './answer.ts';
export { DEFAULT_MAX_REFUTATIONS, formatProblemSolution } from './solution.ts';
