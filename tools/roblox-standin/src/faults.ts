import type { FastifyInstance, FastifyRequest } from 'fastify';
import { robloxErrors, upMode, type StandinMode, type StandinState } from './state.ts';

const pathOf = (req: FastifyRequest) => req.url.split('?')[0] ?? req.url;

/** Returns the fault that applies to this request, consuming one of its `times`. */
function takeFault(state: StandinState, path: string): StandinMode | null {
  const mode = state.mode;
  if (mode.mode === 'up') return null;
  if (mode.paths && !mode.paths.some((prefix) => path.startsWith(prefix))) return null;
  const applied = { ...mode };
  if (mode.remaining !== null && --mode.remaining <= 0) state.mode = upMode();
  return applied;
}

/**
 * Counts every non-control request and applies the fault set with `POST /_control/mode`.
 * Returns `wakeAll`, which ends pending slow-mode waits so that closing never hangs on them.
 */
export function installFaults(app: FastifyInstance, state: StandinState): { wakeAll(): void } {
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });
  // Slowness delays the answer, not the work: like a real overloaded server, a purchase may
  // complete after the client has given up waiting.
  const slowAnswers = new WeakMap<FastifyRequest, number>();

  app.addHook('onRequest', async (req, reply) => {
    const path = pathOf(req);
    if (path.startsWith('/_control')) return;
    state.stats[path] = (state.stats[path] ?? 0) + 1;
    const fault = takeFault(state, path);
    switch (fault?.mode) {
      case 'down':
        // Dropping the connection unanswered is what a dead host looks like to a client.
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      case 'slow':
        slowAnswers.set(req, fault.delayMs);
        return;
      case 'ratelimit':
        return reply.code(429).header('retry-after', '1').send(robloxErrors(0, 'Too many requests'));
      case 'error500':
        return reply.code(500).send(robloxErrors(0, 'InternalServerError'));
    }
  });

  app.addHook('onSend', async (req) => {
    const delayMs = slowAnswers.get(req);
    if (delayMs) await sleep(delayMs);
  });

  return {
    wakeAll() {
      for (const wake of [...sleepers]) wake();
    },
  };
}
