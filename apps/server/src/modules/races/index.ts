// For the wiring: the scheduler that continues repeating races and pays their prizes; for the data
// export: a player's race results.
export { registerRaceScheduler } from './scheduler.ts';
export { raceResultsOf } from './service.ts';
