import { useNavigate } from 'react-router';
import type { LoginResponse } from '@rewards/contracts';
import { queryClient } from '@/lib/query-client';
import { toastSuccess } from '@/lib/toast';
import { saveSession } from '@/lib/session';
import { takeReturnPath } from '@/lib/roblox-sign-in';
import { m } from '@/paraglide/messages.js';

/** What every successful sign-in does: store the session, greet, go home (or back where proof was asked). */
export function useCompleteSignIn(): (answer: LoginResponse) => void {
  const navigate = useNavigate();
  return ({ token, user }) => {
    queryClient.clear();
    saveSession({
      username: user.username,
      robloxId: user.robloxId,
      token,
      referralsMade: user.referralsMade,
      referralsEarned: user.referralsEarned,
    });
    // Clears the "Login failed" toast, which no longer applies.
    toastSuccess(
      m.auth_welcome_toast({ name: user.displayName || user.username }),
      m.auth_welcome_toast_description(),
    );
    void navigate(takeReturnPath());
  };
}
