import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyLoggerOptions,
  FastifyReply,
  FastifyRequest,
} from 'fastify';
import fp from 'fastify-plugin';
import pino, {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Logger,
  type LoggerOptions,
} from 'pino';

/**
 * Structured request logs (pino): every line of a request carries its `reqId`, taken from a
 * well-formed `x-request-id` header (so a proxy's id follows the request through) or made here,
 * and echoed back in the answer. Secrets never reach the log: credentials in headers are redacted,
 * and so are signatures and tokens in query strings (postbacks carry `hash`, `sig`, `verifier` or
 * AdGate's `token` in the URL).
 */

export const REQUEST_ID_HEADER = 'x-request-id';

// What proxies and tracing systems send (UUIDs, hex, base64url, dotted ids); anything else is replaced.
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the caller's `x-request-id` when it is well formed, a fresh UUID otherwise. */
export function genReqId(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Query parameters whose value is a credential: signatures, tokens, secrets, passwords. */
const SECRET_PARAM =
  /^(hash|sig|signature|verifier|secure_?hash|token|access_token|key|api_?key|secret|password|pass|auth|authorization|session|code)$/i;

/** The URL with the values of secret-bearing query parameters replaced, for logs and metrics. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const query = url.slice(q + 1).replace(/([^&=]+)=([^&]*)/g, (whole, rawName: string) => {
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, ' '));
    } catch {
      /* a malformed escape: judge the raw name */
    }
    return SECRET_PARAM.test(name.trim()) ? `${rawName}=[REDACTED]` : whole;
  });
  return `${url.slice(0, q)}?${query}`;
}

/** Paths pino blanks out wherever such a field is logged, at the top level or one object down. */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-signature"]',
  'req.headers["x-ayetstudios-security-hash"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["set-cookie"]',
  'authorization',
  '*.authorization',
  'cookie',
  '*.cookie',
  'token',
  '*.token',
  'password',
  '*.password',
  'secret',
  '*.secret',
];

const reqSerializer = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  remoteAddress: req.ip,
});

const resSerializer = (reply: FastifyReply) => ({ statusCode: reply.statusCode });

/**
 * Fastify's `logger` option: pino at `level`, writing to `stream`, or when omitted to stdout with one
 * synchronous write a line. pino's own default for stdout is asynchronous: it cost more CPU a line
 * (decision 0016), and under load the lines waiting for the thread pool's write, and the copies
 * handed to it, held 10–25 MB more memory at the peak.
 */
export function loggerOptions(
  level: LoggerOptions['level'],
  stream?: DestinationStream,
): FastifyLoggerOptions & LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: { req: reqSerializer as never, res: resSerializer as never },
    stream: stream ?? pino.destination({ dest: 1, sync: true }),
  };
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * A request's logger that makes its pino child (bound to the request id) when the request first
 * logs through it. Fastify makes that child for every request, and with the redact paths it cost
 * about as much as the access line (decision 0016), while most requests never log anything but
 * the access line, which is written through its own logger.
 */
class RequestLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions | undefined,
  ) {}
  private get log(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }
  get level() {
    return this.#child?.level ?? this.options?.level ?? this.parent.level;
  }
  set level(level) {
    this.log.level = level;
  }
  fatal(...args: unknown[]) {
    this.call('fatal', args);
  }
  error(...args: unknown[]) {
    this.call('error', args);
  }
  warn(...args: unknown[]) {
    this.call('warn', args);
  }
  info(...args: unknown[]) {
    this.call('info', args);
  }
  debug(...args: unknown[]) {
    this.call('debug', args);
  }
  trace(...args: unknown[]) {
    this.call('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }
  private call(method: LogMethod, args: unknown[]): void {
    (this.log[method] as (...a: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made lazily (see RequestLogger). */
export const requestLoggerFactory = (
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger =>
  // An empty options object would take pino's slower child path for nothing.
  new RequestLogger(logger, bindings, Object.keys(options).length ? options : undefined);

/**
 * Writes a request's access line: what pino writes for
 * `log.info({ reqId, req, res, responseTime }, 'request completed')` with the serializers above,
 * to the same stream, but put together directly. The line holds only what reqSerializer and
 * resSerializer pick (method, redacted URL, address, status), so it needs no path redaction, and
 * pino's generic serialisation cost 2.5–3.7 µs a line against 0.8 µs here (decision 0016; logging
 * was about a third of a constant answer's CPU). Every other line (errors, jobs) is pino's, redacted.
 */
function accessLineWriter(log: FastifyBaseLogger) {
  const logger = log as unknown as Logger;
  const internals = logger as unknown as Record<symbol, unknown>;
  const stream = internals[pino.symbols.streamSym] as DestinationStream | undefined;
  // Logging switched off (tests): Fastify's stand-in logger, which writes nothing.
  if (!stream) return () => {};
  // The root logger's bindings as pino writes them: `,"pid":…,"hostname":"…"`.
  const bindings = internals[pino.symbols.chindingsSym] as string;
  const head = `{"level":${logger.levels.values.info}`;
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!logger.isLevelEnabled('info')) return;
    const req = reqSerializer(request);
    stream.write(
      `${head},"time":${Date.now()}${bindings},"reqId":${JSON.stringify(request.id)},"req":{"method":${JSON.stringify(req.method)},"url":${JSON.stringify(req.url)},"remoteAddress":${JSON.stringify(req.remoteAddress ?? null)}},"res":{"statusCode":${reply.statusCode}},"responseTime":${JSON.stringify(reply.elapsedTime)},"msg":"request completed"}\n`,
    );
  };
}

/** Echoes the request id, so a player's report or a proxy log can be matched to our lines. */
export const requestLoggingPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(REQUEST_ID_HEADER, request.id);
      done();
    });
    // One line per request, written when it is answered (Fastify's own logging, switched off in
    // app.ts, writes two): the line has everything an operator looks for, at half the cost.
    const accessLine = accessLineWriter(app.log);
    app.addHook('onResponse', (request, reply, done) => {
      accessLine(request, reply);
      done();
    });
  },
  { name: 'request-logging' },
);
