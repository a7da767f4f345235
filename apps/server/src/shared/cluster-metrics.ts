import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

/**
 * `/metrics` under `start:cluster`. The workers share one port, so a scrape reaches whichever worker
 * the primary hands the connection to; that worker asks the primary, which gathers every worker's
 * registries with prom-client's `AggregatorRegistry` and answers with the whole cluster: process
 * figures added up (or averaged, as prom-client's default metrics declare), site-wide figures taken
 * once (their `aggregator` is `max` or `min`, never `sum`).
 */

const REQUEST = 'rewards:cluster-metrics';
const ANSWER = 'rewards:cluster-metrics-answer';
/** prom-client gives up on a worker that has not answered in 5 s; this waits a little longer. */
const ANSWER_TIMEOUT_MS = 6_000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const isAnswer = (m: unknown): m is Answer =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === ANSWER;

/** In the primary (cluster.ts): answers workers' requests for the whole cluster's metrics. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: unknown; id?: unknown }) => {
    if (message?.type !== REQUEST) return;
    const reply = (a: Omit<Answer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...a });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (err: unknown) => reply({ error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

/** True in a worker of `start:cluster`, where `/metrics` answers for the whole cluster. */
export const inClusterWorker = (): boolean => cluster.isWorker && typeof process.send === 'function';

let registered = false;

/**
 * In a worker: hands the primary these registries when it gathers metrics. Called once per process
 * (the last call's registries count).
 */
export function offerToCluster(registries: Registry[]): void {
  AggregatorRegistry.setRegistries(registries);
  if (registered) return;
  registered = true;
  // Constructing one installs prom-client's answer to the primary's requests in this worker.
  new AggregatorRegistry();
}

let nextId = 0;

/** In a worker: the whole cluster's metrics, in the text format, from the primary. */
export function clusterMetrics(): Promise<string> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isAnswer(message) || message.id !== id) return;
      done();
      if (message.error !== undefined || message.text === undefined) {
        reject(new Error(`cluster metrics: ${message.error ?? 'no answer'}`));
      } else {
        resolve(message.text);
      }
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error('cluster metrics: the primary did not answer'));
    }, ANSWER_TIMEOUT_MS);
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    process.send!({ type: REQUEST, id });
  });
}
