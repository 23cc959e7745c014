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

const credit = [{ _id: 'beatles', name: 'The Beatles' }];

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
