import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { LoginResponse } from '@rewards/contracts';
import { queryClient } from '@/lib/query-client';
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
    toast.dismiss(); // earlier "Login failed" toasts no longer apply
    toast.success(m.auth_welcome_toast({ name: user.displayName || user.username }), {
      description: m.auth_welcome_toast_description(),
    });
    void navigate(takeReturnPath());
  };
}
