import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeXhr, lastXhr } from '@/test/fake-xhr';
import { logIn, makeUser, mockPendingFetch, renderApp } from '@/test/render-app';
import { ApiError } from './api-client';
import { useAuthStore } from './auth-store';
import { uploadWithProgress } from './upload-with-progress';

describe('uploadWithProgress', () => {
  it('sends the form with the bearer token, reports bytes sent and resolves with the answer', async () => {
    installFakeXhr();
    logIn(makeUser(), true, 'tok-up');
    const form = new FormData();
    form.append('name', 'Mix');
    const seen: number[] = [];
    const answer = uploadWithProgress<{ data: { id: string } }>('/admin/playlists', form, {
      method: 'PUT',
      onProgress: ({ loaded, total }) => seen.push(loaded / total),
    });
    const request = lastXhr();
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/api/admin/playlists');
    expect(request.headers.authorization).toBe('Bearer tok-up');
    expect(request.headers['content-type']).toBeUndefined();
    expect(request.body).toBe(form);
    request.progress(25, 100);
    request.progress(100, 100);
    request.respond(201, { success: true, data: { id: 'p1' } });
    await expect(answer).resolves.toEqual({ success: true, data: { id: 'p1' } });
    expect(seen).toEqual([0.25, 1]);
  });

  it("rejects with an ApiError carrying the server's message and field errors", async () => {
    installFakeXhr();
    const answer = uploadWithProgress('/admin/songs', new FormData());
    lastXhr().respond(400, {
      success: false,
      message: 'Invalid input',
      errors: [{ field: 'title', message: 'Title is required' }],
    });
    const error = await answer.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      serverMessage: 'Invalid input',
      errors: [{ field: 'title', message: 'Title is required' }],
    });
  });

  it('reports a network failure as status 0', async () => {
    installFakeXhr();
    const answer = uploadWithProgress('/admin/songs', new FormData());
    lastXhr().onerror?.();
    await expect(answer).rejects.toMatchObject({ status: 0, serverMessage: null });
  });

  it('on a 401 clears the session and goes to /login, like every other call', async () => {
    installFakeXhr();
    logIn(makeUser(), true);
    mockPendingFetch();
    const { router } = renderApp('/discover');
    await screen.findByRole('heading', { level: 1, name: 'Discover Music' });
    const answer = uploadWithProgress('/admin/songs', new FormData());
    await act(async () => {
      lastXhr().respond(401, { success: false, message: 'Session expired' });
      await expect(answer).rejects.toMatchObject({ status: 401 });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAuthStore.getState().token).toBeNull();
  });
});
