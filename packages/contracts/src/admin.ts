import { z } from 'zod';

export const adminLoginRequest = z.object({ password: z.string().min(1).max(200) });
export type AdminLoginRequest = z.infer<typeof adminLoginRequest>;

export const adminSessionResponse = z.object({ authenticated: z.literal(true) });
