import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildFeatures } from '../src/app.ts';
import { loggerOptions } from '../src/plugins/request-logging.ts';
import { testEngine } from './support/test-database.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// The access line is put together by hand (plugins/request-logging.ts, decision 0016): it must stay
// the line pino itself writes for the same fields, so log shippers and queries see no difference.
describe(`access line on ${testEngine}`, () => {
  let t: TestApp;
  let app: FastifyInstance;
  let lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    app = await buildFeatures(
      { ...t.deps, env: { ...t.deps.env, LOG_LEVEL: 'info' } },
      { logger: true, loggerStream: { write: (line: string) => void lines.push(line) } },
    );
    app.get('/api/odd/:name', async (request) => {
      request.log.info({ step: 'inside' }, 'handler line');
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
  });

  it('is byte for byte the line pino writes for the same fields, with the URL redacted', async () => {
    lines = [];
    const url = '/api/odd/na%22me%5C?hash=secret-sig&x=%E2%9C%93';
    const res = await app.inject({ method: 'GET', url, headers: { 'x-request-id': 'req-1' } });
    expect(res.statusCode).toBe(200);
    const [handler, access] = lines;
    expect(lines).toHaveLength(2);
    // The request's own logger (made when first used) carries the request id.
    expect(JSON.parse(handler!)).toMatchObject({ reqId: 'req-1', step: 'inside', msg: 'handler line' });

    const parsed = JSON.parse(access!) as { time: number; responseTime: number };
    const reference = app.log.child({}, { redact: { paths: [] } });
    // The same logger writes to the same captured stream.
    reference.info(
      {
        reqId: 'req-1',
        // Through the logger's own `req` serializer, as the line was written before (decision 0016).
        req: { method: 'GET', url, ip: '127.0.0.1' },
        res: { statusCode: 200 },
        responseTime: parsed.responseTime,
      },
      'request completed',
    );
    const written = lines.slice(2);
    const expected = written[0]!.replace(/"time":\d+/, `"time":${parsed.time}`);
    expect(access).toBe(expected);
  });

  it('is not written when info is below the level', async () => {
    lines = [];
    app.log.level = 'warn';
    await app.inject({ method: 'GET', url: '/api/odd/x' });
    app.log.level = 'info';
    expect(lines).toEqual([]);
  });

  // pino's own stdout is asynchronous: more CPU a line, and under load the lines waiting for the
  // thread pool's write held 10–25 MB at the server's peak (docs/scaling.md § Memory).
  it('goes to stdout one synchronous write a line when no stream is given', () => {
    expect(loggerOptions('info').stream).toMatchObject({ fd: 1, sync: true });
  });
});
