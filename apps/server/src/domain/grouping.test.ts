import { describe, expect, it } from 'vitest';
import { albumIdentity, artistCredits, artistSortName, foldKey, UNKNOWN_ARTIST } from './grouping';

describe('artist credits', () => {
  it('takes the artist text as the one main artist', () => {
    expect(artistCredits({ artist: 'Simon & Garfunkel', title: 'The Boxer' })).toEqual({
      main: ['Simon & Garfunkel'],
      featured: [],
    });
  });

  it.each([
    ['Drake feat. Rihanna', ['Rihanna']],
    ['Drake ft. Rihanna', ['Rihanna']],
    ['Drake Featuring Rihanna', ['Rihanna']],
    ['Drake (feat. Rihanna & Future)', ['Rihanna', 'Future']],
    ['Drake FT Rihanna, Future and Nas', ['Rihanna', 'Future', 'Nas']],
  ])('splits "%s" into main and featured', (artist, featured) => {
    expect(artistCredits({ artist, title: 'Take Care' })).toEqual({ main: ['Drake'], featured });
  });

  it('finds featured artists in the title', () => {
    expect(
      artistCredits({
        artist: 'Calvin Harris',
        title: 'This Is What You Came For (feat. Rihanna)',
      }),
    ).toEqual({
      main: ['Calvin Harris'],
      featured: ['Rihanna'],
    });
    expect(artistCredits({ artist: 'Eminem', title: 'Stan [ft. Dido]' }).featured).toEqual([
      'Dido',
    ]);
  });

  it('does not mistake words that contain "ft" or "feat" for a credit', () => {
    expect(artistCredits({ artist: 'Daft Punk', title: 'Left Behind, Defeated' })).toEqual({
      main: ['Daft Punk'],
      featured: [],
    });
  });

  it('takes multi-valued artists as main, unless the text credits them as featured', () => {
    expect(artistCredits({ artist: 'A; B', title: 'Song', artists: ['A', 'B'] })).toEqual({
      main: ['A', 'B'],
      featured: [],
    });
    expect(artistCredits({ artist: 'A feat. B', title: 'Song', artists: ['A', 'B', 'C'] })).toEqual(
      { main: ['A', 'C'], featured: ['B'] },
    );
  });

  it('names each artist once, case and spacing ignored, and never both main and featured', () => {
    expect(
      artistCredits({
        artist: 'Queen feat. queen',
        title: 'Song (feat. David  Bowie)',
        artists: [],
      }),
    ).toEqual({ main: ['Queen'], featured: ['David Bowie'] });
  });

  it('credits an unknown artist when there is none', () => {
    expect(artistCredits({ artist: '  ', title: 'Song' }).main).toEqual([UNKNOWN_ARTIST]);
  });
});

describe('artist sort names', () => {
  it('prefers the sort tag', () => {
    expect(artistSortName('David Bowie', 'Bowie, David')).toBe('Bowie, David');
  });
  it('moves a leading "The" to the end', () => {
    expect(artistSortName('The Beatles')).toBe('Beatles, The');
    expect(artistSortName('the the')).toBe('the, The');
    expect(artistSortName('Theatre of Tragedy')).toBe('Theatre of Tragedy');
  });
});

describe('album identity', () => {
  const song = { songId: 'song-1', songTitle: 'Yesterday', albumArtist: 'The Beatles' };

  it('groups by MusicBrainz release id when there is one, whatever the title says', () => {
    const a = albumIdentity({ ...song, album: 'Help!', musicbrainzReleaseId: 'ABC-1' });
    const b = albumIdentity({
      ...song,
      album: 'Help! (Remastered)',
      musicbrainzReleaseId: 'abc-1',
    });
    expect(a.groupKey).toBe(b.groupKey);
    expect(a.musicbrainzReleaseId).toBe('abc-1');
  });

  it('groups by title and album artist, case and spacing ignored', () => {
    const a = albumIdentity({ ...song, album: 'Help!' });
    const b = albumIdentity({
      ...song,
      songId: 'song-2',
      album: '  HELP! ',
      albumArtist: 'the  beatles',
    });
    expect(a.groupKey).toBe(b.groupKey);
    expect(a.title).toBe('Help!');
  });

  it('keeps albums of the same title by other artists apart', () => {
    const a = albumIdentity({ ...song, album: 'Greatest Hits' });
    const b = albumIdentity({ ...song, album: 'Greatest Hits', albumArtist: 'Queen' });
    expect(a.groupKey).not.toBe(b.groupKey);
  });

  it('makes a song without album a single of its own, named after it', () => {
    const a = albumIdentity({ ...song, album: null });
    const b = albumIdentity({ ...song, songId: 'song-2', album: ' ' });
    expect(a.title).toBe('Yesterday');
    expect(a.groupKey).not.toBe(b.groupKey);
  });

  it('folds keys', () => {
    expect(foldKey('  Ｈello   World ')).toBe('hello world');
  });
});
