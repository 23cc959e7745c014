import { authApi } from '@cadenza/contract/routes/auth';
import type { ResetPasswordBody } from '@cadenza/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';
import { useAuthStore } from '@/lib/auth-store';

export interface ResetPasswordVariables extends ResetPasswordBody {
  resetToken: string;
}

export function resetPassword({ resetToken, password }: ResetPasswordVariables): Promise<unknown> {
  return call(authApi.resetPassword, {
    params: { resetToken },
    body: { password },
    redirectOnUnauthorized: false,
  });
}

/** Resets the password; when the answer carries a token and a user, logs in for this tab. */
export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: async (payload) => {
      if (typeof payload !== 'object' || payload === null) return;
      const token = 'token' in payload ? payload.token : undefined;
      // The schema (and zod) load with the answer: the reset screen paints without them.
      const { userSchema } = await import('@cadenza/contract/auth');
      const user = userSchema.safeParse('user' in payload ? payload.user : undefined);
      if (typeof token === 'string' && token && user.success) {
        useAuthStore.getState().setSession(token, user.data, false);
      }
    },
  });
}
