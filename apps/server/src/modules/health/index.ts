// For app.ts: the database figures that GET /metrics reports.
export { databaseFigures, type DatabaseFigures } from './service.ts';
