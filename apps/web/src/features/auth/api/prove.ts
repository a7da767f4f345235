import { loginProofChallenge, type LoginProofChallenge, type LoginResponse } from '@rewards/contracts';
import { apiFetch, ApiError, bodyFields } from '@/lib/api-client';

/** The proof a typed sign-in was refused with (ACCOUNT_PROTECTED), or null for any other failure. */
export function protectedAccountProof(err: unknown): LoginProofChallenge | null {
  if (!(err instanceof ApiError) || err.code !== 'ACCOUNT_PROTECTED') return null;
  const parsed = loginProofChallenge.safeParse(bodyFields(err.body).proof);
  return parsed.success ? parsed.data : null;
}

/** `POST /api/login/prove`: the sentence is in the bio now; answers like the login. */
export function proveLogin(proofToken: string): Promise<LoginResponse> {
  return apiFetch<LoginResponse>('/api/login/prove', { method: 'POST', body: { proofToken }, token: null });
}
