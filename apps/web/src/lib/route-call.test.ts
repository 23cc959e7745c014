import { pathOf } from '@cadenza/contract/route';
import { songApi } from '@cadenza/contract/routes/songs';
import { describe, expect, it } from 'vitest';
import { makeSong, makeUser } from '@/test/mock-api/factories';
import { requestsTo } from '@/test/mock-api/routes';
import { seed } from '@/test/mock-api/store';
import { logIn } from '@/test/render-app';
import { call, callFile, urlOf } from './route-call';

describe('calls of declared routes', () => {
  it("sends the declaration's method to its path, the parameters encoded as one segment each", async () => {
    logIn(makeUser(), true, 'tok-1');
    seed.songs(makeSong('s1'));
    const answer = await call(songApi.toggleLike, { params: { id: 's1' } });
    expect(answer).toEqual({ success: true, liked: true });
    const [request] = requestsTo('PUT /api/user/songs/:id/like');
    expect(request?.path).toBe('/api/user/songs/s1/like');
    expect(request?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(pathOf(songApi.toggleLike, { id: 'a/b c' })).toBe('/api/user/songs/a%2Fb%20c/like');
  });

  it('sends the query fields that have a value, as text', async () => {
    logIn();
    await call(songApi.liked, { query: { limit: 2, cursor: undefined } });
    const [request] = requestsTo('GET /api/user/songs/liked');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ limit: '2' });
    expect(urlOf(songApi.list, { query: { genre: 'rock', limit: 5 } })).toBe(
      '/api/user/songs?genre=rock&limit=5',
    );
    expect(urlOf(songApi.list)).toBe('/api/user/songs');
  });

  it('reads a file answer, and refuses a path whose parameter has no value', async () => {
    logIn();
    seed.songs(makeSong('s1'));
    const file = await callFile(songApi.download, { params: { id: 's1' } });
    expect(file.headers.get('Content-Type')).toBe('audio/mpeg');
    expect(() => urlOf(songApi.download, { params: {} })).toThrow(
      '/api/user/songs/:id/download: no value for :id',
    );
  });
});
