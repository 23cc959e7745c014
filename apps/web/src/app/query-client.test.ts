import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { accountKeys } from '@/api/query-keys';
import { ApiError } from '@/lib/api-client';
import { createQueryClient } from './query-client';

afterEach(() => onlineManager.setOnline(true));

describe("the app's query client offline", () => {
  it('fails a query at once rather than waiting for the network', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const fetching = client.fetchQuery({
      queryKey: accountKeys.sessions(),
      queryFn: () => Promise.reject(new ApiError(0, null)),
      retry: false,
    });
    await expect(fetching).rejects.toBeInstanceOf(ApiError);
    const state = client.getQueryState(accountKeys.sessions());
    expect(state?.status).toBe('error');
    expect(state?.fetchStatus).toBe('idle');
  });

  it('fails a change at once too', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const mutation = client.getMutationCache().build(client, {
      mutationFn: () => Promise.reject(new ApiError(0, null)),
    });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(mutation.state.isPaused).toBe(false);
  });
});
