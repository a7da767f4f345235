// For the postback log: each credit and reversal it records adds to its wall's figures, in the same
// transaction. For the wiring: the warnings' periodic look, and the figures /metrics reports.
export { countCompletion, countPayout, countPostback, type CountedPostback } from './postback-figures.ts';
export { wallCompletionRecord } from './repository.ts';
export { economicsWarnings, WARNINGS_EVERY_MS } from './warnings.ts';
