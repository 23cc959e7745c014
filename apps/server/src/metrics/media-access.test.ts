import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../test/factories';
import { createSong } from '../../test/songs';
import { createApiKey, rest, tokenAuth } from '../../test/subsonic';
import { createTestApp, type TestApp } from '../../test/test-app';
import { subsonicId } from '../modules/subsonic/subsonic-ids';

/** One access-log line per audio stream or download, and the bytes in the metrics. */

const TOKEN = 'scrape-me-0123456789';

interface MediaLine {
  msg: string;
  reqId: string;
  media?: {
    kind: string;
    song: string | null;
    key: string | null;
    user: string | null;
    status: number;
    bytes: number;
    ms: number;
    complete: boolean;
  };
}

const lines: MediaLine[] = [];
let t: TestApp;
let listener: CreatedUser;
beforeAll(async () => {
  t = await createTestApp({
    env: { METRICS_TOKEN: TOKEN },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as MediaLine) },
  });
  listener = await createUser(t);
});
afterAll(() => t.close());

/** The lines written since `from`, once every answer has let go of its connection. */
const mediaLines = async (from: number) => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  return lines.slice(from).filter((line) => line.msg === 'media sent');
};
const scrape = async () =>
  (await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;

describe('the access log of audio', () => {
  it('writes one line per stream, with the bytes sent, and counts them', async () => {
    const { song, audio } = await createSong(t);
    const before = lines.length;
    const whole = await t.app.inject({ url: song.audioFile });
    const part = await t.app.inject({ url: song.audioFile, headers: { range: 'bytes=0-99' } });
    expect([whole.statusCode, part.statusCode]).toEqual([200, 206]);
    await t.app.inject({ url: song.audioFile, method: 'HEAD' });

    const written = await mediaLines(before);
    expect(written.map((line) => line.media)).toEqual([
      expect.objectContaining({ kind: 'stream', status: 200, bytes: audio.length, complete: true }),
      expect.objectContaining({ kind: 'stream', status: 206, bytes: 100, complete: true }),
    ]);
    expect(written[0]!.media!.key).toBe(`audio/${song._id}`);
    expect(written[0]!.reqId).toBe(whole.headers['x-request-id']);

    const metrics = await scrape();
    expect(metrics).toContain(
      `cadenza_media_bytes_sent_total{kind="stream"} ${audio.length + 100}`,
    );
    expect(metrics).toContain('cadenza_media_active{kind="stream"} 0');
  });

  it('names the song and the listener of a download, on the web and over /rest', async () => {
    const { song, audio } = await createSong(t);
    const key = await createApiKey(t, listener);
    const before = lines.length;
    const web = await t.app.inject({
      url: `/api/user/songs/${song._id}/download`,
      headers: listener.headers,
    });
    expect(web.statusCode).toBe(200);
    const app = await rest(t, 'download', {
      ...tokenAuth(listener.user.email, key),
      id: subsonicId('song', song._id),
    });
    expect(app.headers['content-type']).toBe('audio/mpeg');
    expect((await mediaLines(before)).map((line) => line.media)).toEqual([
      expect.objectContaining({
        kind: 'download',
        song: song._id,
        user: listener.user._id,
        bytes: audio.length,
      }),
      expect.objectContaining({
        kind: 'download',
        song: subsonicId('song', song._id),
        user: listener.user._id,
        bytes: audio.length,
      }),
    ]);
  });

  it('writes no line for a refused link', async () => {
    const before = lines.length;
    const refused = await t.app.inject({ url: '/media/audio/nothing?expires=1&signature=x' });
    expect(refused.statusCode).toBe(403);
    expect(await mediaLines(before)).toEqual([]);
  });
});
