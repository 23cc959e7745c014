// The fictional demo catalogue (catalog.json): one album per genre, 4 to 6 tracks each, in track
// order, every track by its album's artist. `variant` picks a track's arrangement flavour (0-3).
// A track `featuring` a guest credits them the way tagged files do: "Artist feat. Guest" as the
// artist with the ARTISTS list [Artist, Guest], or, with `"featuringIn": "title"`,
// "Title (feat. Guest)" with the same list.
import { readFileSync } from 'node:fs';

export const ALBUMS = JSON.parse(readFileSync(new URL('./catalog.json', import.meta.url), 'utf8'));

function credits(track, albumArtist) {
  const guest = track.featuring;
  if (!guest) return { title: track.title, artist: albumArtist, artists: null };
  const artists = [albumArtist, guest];
  return track.featuringIn === 'title'
    ? { title: `${track.title} (feat. ${guest})`, artist: albumArtist, artists }
    : { title: track.title, artist: `${albumArtist} feat. ${guest}`, artists };
}

/** Every track as one song of the library, album by album, with its album's fields. */
export const CATALOG = ALBUMS.flatMap((album, albumIndex) =>
  album.tracks.map((track, trackIndex) => ({
    ...credits(track, album.albumArtist),
    genre: album.genre,
    variant: track.variant,
    album: album.title,
    albumArtist: album.albumArtist,
    albumIndex,
    trackNumber: trackIndex + 1,
    trackCount: album.tracks.length,
    releaseYear: album.releaseYear,
  })),
);
