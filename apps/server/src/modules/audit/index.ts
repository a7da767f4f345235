// For other modules: every admin change writes its audit row through this; the console reads them.
export { insertAudit, listAudit, type AuditRecord } from './repository.ts';
export { runAsStaff } from './actor.ts';
