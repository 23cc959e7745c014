import { HttpResponse } from 'msw';
import type { User } from '@cadenza/contract/auth';
import { RADIO_NO_REPEAT, radioRequestSchema, type Mix } from '@cadenza/contract/radio';
import type { Song } from '@cadenza/contract/songs';
import { failure, on } from './routes';
import { findPlaylist, findUser, store } from './store';

/**
 * Radio as the fake server plays it: the seed's songs and those sharing an artist or a tag
 * genre with them, in the store's order, then any others; none of the last 50 heard. Mixes are
 * the listener's most played artists.
 */

const ok = <T>(data: T) => HttpResponse.json({ success: true, data });

function caller(request: Request): User | Response {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1];
  const user = findUser(store.sessions.get(token ?? '') ?? '');
  return user ?? failure(401, 'Please log in to continue.', 'unauthorized');
}

function seedOf(kind: string, id: string): { title: string; songs: Song[] } | null {
  const songs = store.songs;
  switch (kind) {
    case 'song': {
      const song = songs.find((candidate) => candidate._id === id);
      return song ? { title: song.title, songs: [song] } : null;
    }
    case 'album': {
      const found = songs.filter((song) => song.albumId === id);
      return found.length > 0 ? { title: found[0]!.album ?? 'Album', songs: found } : null;
    }
    case 'artist': {
      const found = songs.filter((song) => song.artists.some((artist) => artist._id === id));
      const name = found[0]?.artists.find((artist) => artist._id === id)?.name;
      return name ? { title: name, songs: found } : null;
    }
    case 'genre': {
      const found = songs.filter((song) => song.genres.some((genre) => genre._id === id));
      const name = found[0]?.genres.find((genre) => genre._id === id)?.name;
      return name ? { title: name, songs: found } : null;
    }
    default: {
      const playlist = findPlaylist(id);
      if (!playlist) return null;
      return {
        title: playlist.playlist.name,
        songs: songs.filter((song) => playlist.songIds.includes(song._id)),
      };
    }
  }
}

const related = (song: Song, seeds: readonly Song[]) =>
  seeds.some(
    (seed) =>
      seed.artists.some((artist) => song.artists.some((other) => other._id === artist._id)) ||
      seed.genres.some((genre) => song.genres.some((other) => other._id === genre._id)),
  );

export const radioHandlers = [
  on('POST /api/user/radio', async ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const parsed = radioRequestSchema.safeParse(await request.json());
    if (!parsed.success)
      return failure(400, parsed.error.issues[0]?.message ?? 'Invalid input', 'invalid_input');
    const { seed, recent, count } = parsed.data;
    const found = seedOf(seed.kind, seed.id);
    if (!found) return failure(404, 'Nothing to start a radio from.', 'radio_seed_not_found');
    const heard = new Set(recent.slice(-RADIO_NO_REPEAT));
    const starting = recent.length === 0 && seed.kind === 'song';
    const fresh = store.songs.filter((song) => !heard.has(song._id));
    const ordered = [
      ...(starting ? found.songs : []),
      ...fresh.filter((song) => related(song, found.songs)),
      ...fresh.filter((song) => !related(song, found.songs)),
    ];
    const songs = [...new Map(ordered.map((song) => [song._id, song])).values()].slice(0, count);
    return ok({ title: `${found.title} Radio`, seed, songs });
  }),

  on('GET /api/user/mixes', ({ request }) => {
    const user = caller(request);
    if (user instanceof Response) return user;
    const plays = new Map<string, { name: string; count: number; cover: string | null }>();
    for (const play of store.plays.filter((entry) => entry.userId === user._id)) {
      const song = store.songs.find((candidate) => candidate._id === play.songId);
      const artist = song?.artists.find((credit) => credit.role === 'main');
      if (!song || !artist) continue;
      const entry = plays.get(artist._id) ?? {
        name: artist.name,
        count: 0,
        cover: song.coverImage,
      };
      entry.count += 1;
      plays.set(artist._id, entry);
    }
    const mixes: Mix[] = [...plays]
      .sort(([, a], [, b]) => b.count - a.count)
      .slice(0, 3)
      .map(([id, entry]) => ({
        title: `${entry.name} Mix`,
        description: `${entry.name} and the artists that go with them`,
        seed: { kind: 'artist', id },
        coverUrl: entry.cover,
      }));
    return ok({ mixes });
  }),
];
