import type { ForgotPasswordBody } from '@cadenza/contract/auth';
import type { MessageResponse } from '@cadenza/contract/envelope';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export function requestPasswordReset(body: ForgotPasswordBody): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/auth/forgot-password', body, {
    redirectOnUnauthorized: false,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
