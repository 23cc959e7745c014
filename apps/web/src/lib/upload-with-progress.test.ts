import { songFormMessages } from '@cadenza/contract/song-form';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeXhr, lastXhr } from '@/test/fake-xhr';
import { adminUser, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { breakRoute } from '@/test/mock-api/server';
import { store } from '@/test/mock-api/store';
import { logIn, renderApp } from '@/test/render-app';
import { ApiError } from './api-client';
import { useAuthStore } from './auth-store';
import { uploadWithProgress } from './upload-with-progress';

describe('uploadWithProgress', () => {
  it('sends the form with the bearer token and resolves with the answer', async () => {
    logIn(adminUser, true, 'tok-up');
    const form = new FormData();
    form.append('name', 'Mix');
    const seen: number[] = [];
    const answer = await uploadWithProgress<{ data: { name: string } }>('/admin/playlists', form, {
      onProgress: ({ loaded, total }) => seen.push(loaded / total),
    });
    expect(answer).toMatchObject({ success: true, data: { name: 'Mix' } });
    const [request] = requestsTo('POST /api/admin/playlists');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-up');
    // The runtime sets the multipart type with its boundary; the upload adds none of its own.
    expect(request?.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect((request?.body as FormData).get('name')).toBe('Mix');
    expect(seen.at(-1)).toBe(1);
  });

  it('reports the bytes sent as they go out', async () => {
    installFakeXhr();
    const seen: number[] = [];
    const answer = uploadWithProgress('/admin/playlists', new FormData(), {
      method: 'PUT',
      onProgress: ({ loaded, total }) => seen.push(loaded / total),
    });
    lastXhr().progress(25, 100);
    lastXhr().progress(100, 100);
    lastXhr().respond(200, { success: true });
    await answer;
    expect(seen).toEqual([0.25, 1]);
  });

  it("rejects with an ApiError carrying the server's message and field errors", async () => {
    logIn(adminUser);
    const form = new FormData();
    form.append('genre', 'polka');
    form.append('audioFile', new File(['ID3'], 'song.mp3', { type: 'audio/mpeg' }));
    const error = await uploadWithProgress('/admin/songs', form).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      serverMessage: songFormMessages.genreInvalid,
      errors: [{ field: 'genre', message: songFormMessages.genreInvalid }],
    });
  });

  it('reports a network failure as status 0', async () => {
    breakRoute('POST /api/admin/songs');
    await expect(uploadWithProgress('/admin/songs', new FormData())).rejects.toMatchObject({
      status: 0,
      serverMessage: null,
    });
  });

  it('on a 401 clears the session and goes to /login, like every other call', async () => {
    logIn(makeUser(), true);
    const { router } = renderApp('/discover');
    await screen.findByRole('heading', { level: 1, name: 'Discover Music' });
    store.sessions.clear();
    await act(async () => {
      await expect(uploadWithProgress('/admin/songs', new FormData())).rejects.toMatchObject({
        status: 401,
      });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAuthStore.getState().token).toBeNull();
  });
});
