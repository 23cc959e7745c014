import { authApi } from '@cadenza/contract/routes/auth';
import type { ForgotPasswordBody } from '@cadenza/contract/auth';
import type { MessageResponse } from '@cadenza/contract/envelope';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/route-call';

export function requestPasswordReset(body: ForgotPasswordBody): Promise<MessageResponse> {
  return call(authApi.forgotPassword, { body, redirectOnUnauthorized: false });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
