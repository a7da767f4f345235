import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The staff member behind the admin call being served. The admin session hook opens it for the call,
 * so every service that writes an audit row as 'admin' (about twenty of them, in several modules)
 * names that member without each passing the name along; outside an admin call (jobs, the worker)
 * the row keeps the actor its caller gave.
 */
const staffOfCall = new AsyncLocalStorage<string>();

export function runAsStaff<T>(username: string, fn: () => T): T {
  return staffOfCall.run(username, fn);
}

/** 'admin' becomes the signed-in staff member's name; other actors (the worker, jobs) stay. */
export function auditActor(declared: string): string {
  return declared === 'admin' ? (staffOfCall.getStore() ?? declared) : declared;
}
