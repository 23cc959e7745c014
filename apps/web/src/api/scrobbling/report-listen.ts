import { scrobblingApi } from '@cadenza/contract/routes/scrobbling';
import { call } from '@/lib/route-call';

/**
 * POST /api/user/scrobbling/listens: the song was heard long enough to count. A failure is only
 * logged: playback never waits for it.
 */
export function reportListen(songId: string, startedAt: Date, listenedSeconds: number): void {
  call(scrobblingApi.listen, {
    body: { songId, startedAt: startedAt.toISOString(), listenedSeconds },
  }).catch((error: unknown) => console.debug('Could not report the listen', error));
}
