// For app.ts: the live feed's routes (its stream and the recent list).
export { liveRoutes } from './routes.ts';
