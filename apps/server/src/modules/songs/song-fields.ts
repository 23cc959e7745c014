import type { FieldError } from '@cadenza/contract/envelope';
import { currentYear, songFormMessages, type SongFields } from '@cadenza/contract/song-form';
import { Invalid } from '../../errors';
import type { CatalogueTags } from '../../domain/grouping';
import type { AudioTags } from '../../domain/audio-tags';
import type { SongRecord } from './song-record';

/** A song's descriptive fields once every one is known. */
export type ResolvedSongFields = Pick<
  SongRecord,
  'title' | 'artist' | 'album' | 'genre' | 'releaseYear' | 'duration'
>;

/**
 * Each field comes from the first source that has it: what the admin typed, then the new audio
 * file's tags, then the song as it is (on an edit), then the form's defaults (docs/product.md §5: genre
 * pop, the current year). Title, artist and duration have no default: without them the song is
 * refused with the form's messages. The duration follows docs/product.md §10.12.
 */
export function resolveSongFields(
  typed: SongFields,
  tags: AudioTags | null,
  current: ResolvedSongFields | null,
): ResolvedSongFields {
  const title = typed.title ?? tags?.title ?? current?.title;
  const artist = typed.artist ?? tags?.artist ?? current?.artist;
  const duration = typed.duration ?? tags?.duration ?? current?.duration;
  const errors: FieldError[] = [];
  if (!title)
    errors.push({ field: 'title', code: 'required', message: songFormMessages.titleRequired });
  if (!artist)
    errors.push({ field: 'artist', code: 'required', message: songFormMessages.artistRequired });
  if (!duration)
    errors.push({
      field: 'duration',
      code: 'too_small',
      message: songFormMessages.durationTooShort,
    });
  if (!title || !artist || !duration) {
    throw new Invalid(errors[0]?.message ?? 'Invalid request.', errors);
  }
  return {
    title,
    artist,
    album: typed.album ?? tags?.album ?? current?.album ?? null,
    genre: typed.genre ?? tags?.genre ?? current?.genre ?? 'pop',
    releaseYear:
      typed.releaseYear ?? tags?.releaseYear ?? (current ? current.releaseYear : currentYear()),
    duration,
  };
}

/**
 * What a new audio file's tags say for the catalogue, less what the admin's typed values
 * overrule: typed artists replace the file's artist credits, a typed album its album and
 * track placing, a typed duration its exact length.
 */
export function catalogueTagsFor(typed: SongFields, tags: AudioTags | null): CatalogueTags {
  const {
    artists,
    artistSort,
    musicbrainzArtistId,
    albumArtist,
    albumArtistSort,
    musicbrainzReleaseId,
    trackNumber,
    discNumber,
    discCount,
    durationMs,
    ...file
  } = tags?.catalogue ?? {};
  return {
    ...file,
    ...(typed.artist === undefined ? { artists, artistSort, musicbrainzArtistId } : {}),
    ...(typed.album === undefined
      ? { albumArtist, albumArtistSort, musicbrainzReleaseId, trackNumber, discNumber, discCount }
      : {}),
    ...(typed.duration === undefined ? { durationMs } : {}),
  };
}
