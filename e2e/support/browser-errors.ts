import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';

/*
 * Every journey fails on an error its pages report that it did not declare: an uncaught exception
 * (`pageerror`) or a console message of type `error` (Chromium also logs there each request answered
 * 4xx/5xx, e.g. "Failed to load resource: the server responded with a status of 409 (Conflict)", and
 * each Content-Security-Policy refusal). Every context of the journeys' browser is watched (stack.ts,
 * `journeyContext`); `openJourney` checks after each test (`expectNoBrowserErrors`). A test that
 * causes an error on purpose declares it, with `expectFailedRequest(page, 409, '/api/…')` or
 * `expectConsoleError(page, /pattern/)`.
 */

export interface BrowserError {
  kind: 'pageerror' | 'console';
  /** The page's address when the error was reported. */
  url: string;
  /** The message; for a console message with a source, followed by ` (<source URL>)`. */
  text: string;
  page: Page | null;
}

interface Expected {
  page: Page;
  pattern: RegExp;
  matched: number;
  /** Excuses the error without requiring it: something the browser does or not by timing. */
  optional: boolean;
}

const seen: BrowserError[] = [];
const expected: Expected[] = [];

const show = (e: BrowserError) => `${e.kind} on ${e.url || '(no page)'}: ${e.text}`;

function record(kind: BrowserError['kind'], page: Page | null, text: string): void {
  seen.push({ kind, url: page?.url() ?? '', text, page });
}

function consoleText(msg: ConsoleMessage): string {
  const source = msg.location().url;
  return source && source !== msg.page()?.url() ? `${msg.text()} (${source})` : msg.text();
}

/** Records the errors of every page of `context`, those open now and those opened later. */
export function watchContext(context: BrowserContext): BrowserContext {
  context.on('console', (msg) => {
    if (msg.type() === 'error') record('console', msg.page(), consoleText(msg));
  });
  context.on('weberror', (e) => record('pageerror', e.page(), e.error().message));
  return context;
}

/**
 * Declares that `page` will report an error matching `pattern` (a message of the page, the console's
 * text with its source URL, or an uncaught exception's message) during this test. The declaration is
 * for the running test only, and fails the test if nothing matched it by the end.
 */
export function expectConsoleError(page: Page, pattern: RegExp, opts: { optional?: boolean } = {}): void {
  expected.push({ page, pattern, matched: 0, optional: opts.optional ?? false });
}

/**
 * Declares that `page` will open `path`, where the site has no page: the server answers the document
 * 404 (Chromium logs the failed load without a URL: it is the page's own), and the web's not-found
 * page reports the path.
 */
export function expectNotFoundPage(page: Page, path: string): void {
  expectConsoleError(
    page,
    /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/,
  );
  const where = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  expectConsoleError(page, new RegExp(`^404 Error: User attempted to access non-existent route: ${where} `));
}

/**
 * Declares that a request of `page` to `path` (its query string aside; a RegExp for any of several
 * paths) will fail: answered with the HTTP status `failure`, or failing with the network error
 * `failure` (e.g. `net::ERR_FAILED`, a request the test aborts). Chromium logs "Failed to load
 * resource: the server responded with a status of 409 (Conflict)", or "Failed to load resource:
 * net::ERR_FAILED".
 */
export function expectFailedRequest(
  page: Page,
  failure: number | `net::${string}`,
  path: string | RegExp,
  opts: { optional?: boolean } = {},
): void {
  const why =
    typeof failure === 'number' ? `the server responded with a status of ${failure} \\([^)]*\\)` : failure;
  const where = typeof path === 'string' ? path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : `(?:${path.source})`;
  expectConsoleError(
    page,
    new RegExp(`^Failed to load resource: ${why} \\(https?://[^/]+${where}(\\?[^)]*)?\\)$`),
    opts,
  );
}

/** How many errors the browser has reported since the last check, declared or not. */
export const browserErrorCount = (): number => seen.length;

/**
 * What went wrong in the browser since the last call, and forgets it along with the declarations:
 * each error no declaration of its page matches, then each declaration nothing matched.
 */
export function takeBrowserErrors(): string[] {
  const problems: string[] = [];
  for (const error of seen.splice(0)) {
    // A declaration the test requires is matched before one that only excuses.
    const matches = expected.filter((x) => x.page === error.page && x.pattern.test(error.text));
    const declared = matches.find((x) => !x.optional) ?? matches[0];
    if (declared) declared.matched++;
    else problems.push(show(error));
  }
  for (const x of expected.splice(0)) {
    if (x.matched === 0 && !x.optional)
      problems.push(`declared but not seen on ${x.page.url()}: ${x.pattern}`);
  }
  return problems;
}

/** Throws, listing them, when the browser reported errors the test did not declare (see above). */
export function expectNoBrowserErrors(): void {
  const problems = takeBrowserErrors();
  if (problems.length > 0) {
    throw new Error(`The browser reported errors this test did not expect:\n${problems.join('\n')}`);
  }
}
