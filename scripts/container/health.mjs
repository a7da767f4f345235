// The image's HEALTHCHECK (the slim image has no curl): exits 0 when the server on PORT answers
// GET /api/health with 200 within 3 s, 1 otherwise (503: the database is down or slow).
const port = process.env.PORT || '4000';
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3_000) });
  process.exit(res.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}
