// A reference server for the bench: Fastify set up as the site sets it up (logger, request ids,
// proxy trust, cookies, zod validation, security headers, an access line per request, an async
// sign-in check), answering the balance poll's route with a constant body: no database and none of
// the site's own code. What a site case costs beyond this row is ours; what this row costs beyond
// the ceiling is the framework's and the features'.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const Fastify = require('fastify');
const cookie = require('@fastify/cookie');
const helmet = require('helmet');
const { serializerCompiler, validatorCompiler } = require('fastify-type-provider-zod');
const { z } = require('zod');

const app = Fastify({
  logger: { level: 'info' },
  genReqId: () => randomUUID(),
  trustProxy: 'loopback,linklocal,uniquelocal',
  logController: new Fastify.LogController({ disableRequestLogging: true }),
});
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
await app.register(cookie);

const headers = {};
helmet()({}, { setHeader: (k, v) => (headers[k.toLowerCase()] = v), removeHeader: () => {} }, () => {});
app.addHook('onRequest', (request, reply, done) => {
  reply.header('x-request-id', request.id);
  reply.headers(headers);
  done();
});
const access = app.log.child({});
app.addHook('onResponse', (request, reply, done) => {
  access.info(
    {
      reqId: request.id,
      req: { method: request.method, url: request.url, remoteAddress: request.ip },
      res: { statusCode: reply.statusCode },
      responseTime: reply.elapsedTime,
    },
    'request completed',
  );
  done();
});

const body = {
  username: 'benchplayer5',
  displayName: 'Bench 5',
  robloxId: 10000005,
  robux: 19.5,
  earnings: 19.5,
  verified: false,
  status: 'active',
};
const signedIn = async (request) => {
  if (!/^Bearer\s+\S+$/i.test(request.headers.authorization ?? '')) throw new Error('unauthenticated');
};
await app.register(
  async (api) => {
    api.get(
      '/user/:username',
      { schema: { params: z.object({ username: z.string().trim().min(1).max(50) }) }, preHandler: signedIn },
      async () => body,
    );
    api.get('/health', async () => ({ ok: true })); // what the bench waits for
  },
  { prefix: '/api' },
);
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
