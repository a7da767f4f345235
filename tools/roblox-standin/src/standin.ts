import Fastify from 'fastify';
import { registerControlRoutes } from './control.ts';
import { registerCurrencyRoutes } from './currency.ts';
import { installFaults } from './faults.ts';
import { registerGamePassRoutes } from './gamepasses.ts';
import { registerGroupTransactionRoutes } from './group-transactions.ts';
import { registerGroupRoutes } from './groups.ts';
import { registerOidcRoutes } from './oidc.ts';
import { freshState, type StandinOptions, type StandinState } from './state.ts';
import { registerUserRoutes } from './users.ts';

/**
 * A local imitation of the Roblox web APIs the server uses, with the same paths and JSON shapes,
 * plus a `/_control` API so tests can set data and inject failures. One base URL serves every
 * Roblox host.
 */

export type {
  Fault,
  GroupPayoutStatus,
  StandinGamePass,
  StandinGroup,
  StandinGroupPayout,
  StandinMode,
  StandinOptions,
  StandinPurchase,
  StandinState,
  StandinUser,
} from './state.ts';
export { solidPng } from './png.ts';
export { standinControl, type StandinControl } from './control-client.ts';

export interface Standin {
  url: string;
  state: StandinState;
  close(): Promise<void>;
}

export async function startStandin(opts: StandinOptions = {}): Promise<Standin> {
  const state = freshState(opts);
  const app = Fastify({ logger: opts.logger ?? false, forceCloseConnections: true });
  const faults = installFaults(app, state);
  registerUserRoutes(app, state);
  registerGamePassRoutes(app, state);
  registerCurrencyRoutes(app, state);
  registerGroupRoutes(app, state);
  registerGroupTransactionRoutes(app, state);
  await registerOidcRoutes(app, state);
  registerControlRoutes(app, state, opts);

  const host = opts.host ?? '127.0.0.1';
  await app.listen({ port: opts.port ?? 0, host });
  const { port } = app.server.address() as { port: number };
  // A wildcard bind is reachable on loopback; it is not a usable address in a URL.
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;

  return {
    url: `http://${urlHost}:${port}`,
    state,
    async close() {
      faults.wakeAll();
      await app.close();
    },
  };
}
