import type { LoginProofChallenge, LoginResponse } from '@rewards/contracts';
import { apiFetch, ApiError, bodyFields } from '@/lib/api-client';

/**
 * The proof a typed sign-in was refused with (ACCOUNT_PROTECTED), or null for any other failure. The
 * schema that checks it loads with that refusal: the sign-in page starts without zod and the shared
 * schemas (28 KB gzip).
 */
export async function protectedAccountProof(err: unknown): Promise<LoginProofChallenge | null> {
  if (!(err instanceof ApiError) || err.code !== 'ACCOUNT_PROTECTED') return null;
  const { loginProofChallenge } = await import('@rewards/contracts');
  const parsed = loginProofChallenge.safeParse(bodyFields(err.body).proof);
  return parsed.success ? parsed.data : null;
}

/** `POST /api/login/prove`: the sentence is in the bio now; answers like the login. */
export function proveLogin(proofToken: string): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/api/login/prove', { method: 'POST', body: { proofToken }, token: null });
}
