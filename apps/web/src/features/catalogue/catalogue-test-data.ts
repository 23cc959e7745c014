import type { Song } from '@cadenza/contract/songs';
import { makeAlbum, makeArtist, makeSong } from '@/test/mock-api/factories';
import { answer } from '@/test/mock-api/server';
import { failure } from '@/test/mock-api/routes';
import { seed } from '@/test/mock-api/store';

export const beatles = makeArtist('beatles', {
  name: 'The Beatles',
  albumCount: 2,
  songCount: 7,
  imageUrl: '/media/images/abbey.jpg',
});

export const abbeyRoad = makeAlbum('abbey', {
  title: 'Abbey Road',
  artist: { _id: 'beatles', name: 'The Beatles' },
  year: 1969,
  coverImage: '/media/images/abbey.jpg',
  discCount: 2,
  createdAt: '2025-02-01T00:00:00.000Z',
});

export const help = makeAlbum('help', {
  title: 'Help!',
  artist: { _id: 'beatles', name: 'The Beatles' },
  year: 1965,
  createdAt: '2025-01-01T00:00:00.000Z',
});

const credit: Song['artists'] = [{ _id: 'beatles', name: 'The Beatles', role: 'main' }];

export const abbeyTracks = [
  makeSong('something', {
    title: 'Something',
    trackNumber: 2,
    discNumber: 1,
    artist: 'The Beatles',
    artists: credit,
  }),
  makeSong('come', {
    title: 'Come Together',
    trackNumber: 1,
    discNumber: 1,
    artist: 'The Beatles',
    artists: credit,
  }),
  makeSong('sun', {
    title: 'Here Comes the Sun',
    trackNumber: 1,
    discNumber: 2,
    durationMs: 185_000,
    replayGain: { trackGain: null, trackPeak: null, albumGain: null, albumPeak: null },
    artist: 'The Beatles',
    artists: credit,
  }),
];

export const helpTracks = ['Help!', 'The Night Before', 'Ticket to Ride', 'Yesterday'].map(
  (title, index) =>
    makeSong(`help-${index}`, {
      title,
      trackNumber: index + 1,
      discNumber: 1,
      artist: 'The Beatles',
      artists: credit,
    }),
);

/** The Beatles with two albums on the server. */
export function seedBeatles(): void {
  seed.artists(beatles);
  seed.album(help, helpTracks);
  seed.album(abbeyRoad, abbeyTracks);
}

/** `route`'s first call fails with a 500; later ones are answered as usual. */
export function failOnce(route: string): void {
  let calls = 0;
  answer(route, () => {
    calls += 1;
    return calls === 1 ? failure(500, 'Something broke.') : undefined;
  });
}

const nova = makeArtist('nova', { name: 'Nova', albumCount: 6, songCount: 8 });
const guest = makeArtist('guest', { name: 'Guest', albumCount: 0, songCount: 2 });
const novaCredit: Song['artists'] = [{ _id: 'nova', name: 'Nova', role: 'main' }];

/** One of Nova's releases, with one track by her. */
function novaRelease(id: string, title: string, year: number, releaseTypes: string[]) {
  seed.album(
    makeAlbum(id, {
      title,
      year,
      releaseTypes,
      isCompilation: releaseTypes.includes('compilation'),
      artist: { _id: 'nova', name: 'Nova' },
    }),
    [makeSong(`${id}-1`, { title: `${title} track`, artist: 'Nova', artists: novaCredit })],
  );
}

/**
 * Nova, with two albums, an EP, a single, a compilation and a live album of her own, on a
 * various-artists compilation and featured on Echo's album; and Guest, only ever featured.
 */
export function seedDiscography(): void {
  seed.artists(nova, guest);
  novaRelease('first-light', 'First Light', 2019, ['album']);
  novaRelease('second-sun', 'Second Sun', 2022, ['album']);
  novaRelease('neon', 'Neon EP', 2021, ['ep']);
  novaRelease('glow', 'Glow', 2023, ['single']);
  novaRelease('hits', 'Greatest Hits', 2024, ['album', 'compilation']);
  novaRelease('live', 'Nova Live', 2020, ['album', 'live']);
  seed.album(
    makeAlbum('now-99', {
      title: 'Now 99',
      year: 2024,
      isCompilation: true,
      artist: { _id: 'various', name: 'Various Artists' },
    }),
    [
      makeSong('summer', { title: 'Summer Heat', artist: 'Nova', artists: novaCredit }),
      makeSong('sunset', {
        title: 'Sunset',
        artist: 'Dusk feat. Guest',
        artists: [
          { _id: 'dusk', name: 'Dusk', role: 'main' },
          { _id: 'guest', name: 'Guest', role: 'featured' },
        ],
      }),
    ],
  );
  seed.album(
    makeAlbum('echo-chamber', {
      title: 'Echo Chamber',
      year: 2020,
      artist: { _id: 'echo', name: 'Echo' },
    }),
    [
      makeSong('echoes', {
        title: 'Echoes',
        artist: 'Echo feat. Nova',
        artists: [
          { _id: 'echo', name: 'Echo', role: 'main' },
          { _id: 'nova', name: 'Nova', role: 'featured' },
        ],
      }),
      makeSong('reverb', {
        title: 'Reverb',
        artist: 'Echo feat. Guest',
        artists: [
          { _id: 'echo', name: 'Echo', role: 'main' },
          { _id: 'guest', name: 'Guest', role: 'featured' },
        ],
      }),
    ],
  );
}
