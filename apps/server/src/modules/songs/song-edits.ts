import type { EditableSongField, SongCatalogueFields } from '@cadenza/contract/song-catalogue-form';
import { EDITABLE_SONG_FIELDS } from '@cadenza/contract/song-catalogue-form';
import type { SongFields } from '@cadenza/contract/song-form';
import { foldKey, type ArtistCredits, type CatalogueTags } from '../../domain/grouping';
import { genreKey } from '../../domain/tag-genres';
import type { ResolvedSongFields } from './song-fields';
import { creditsOfRecord, type SongRecord } from './song-record';
import type { EditedFieldsChange, SongChanges } from './songs.repository';

/** What an administrator typed in the song edit, and whether a cover or audio file came with it. */
export interface TypedEdit {
  readonly fields: SongFields;
  readonly catalogue: SongCatalogueFields;
  readonly credits: ArtistCredits | undefined;
  readonly newCover: boolean;
  readonly newFile: boolean;
}

/** The catalogue fields a new audio file's tags give when the edit does not type them. */
const FROM_A_NEW_FILE: ReadonlyArray<keyof SongCatalogueFields & EditableSongField> = [
  'trackNumber',
  'discNumber',
  'artists',
  'genres',
  'lyrics',
];

function sameCredits(song: SongRecord, credits: ArtistCredits): boolean {
  const typed = [
    ...credits.main.map((name) => `main:${foldKey(name)}`),
    ...credits.featured.map((name) => `featured:${foldKey(name)}`),
  ];
  const current = song.artists.map((artist) => `${artist.role}:${foldKey(artist.name)}`);
  return typed.length === current.length && typed.every((entry, i) => entry === current[i]);
}

function sameGenres(song: SongRecord, genres: readonly string[]): boolean {
  const current = song.genres.map((genre) => genreKey(genre.name));
  return (
    genres.length === current.length && genres.every((name, i) => genreKey(name) === current[i])
  );
}

/**
 * The fields an admin's edit set by hand: those typed with a value other than the song's (the
 * form sends every field), a new cover, and the catalogue fields sent; lyrics count once sent. A
 * new audio file gives the catalogue fields not typed, which are then no longer set by hand.
 */
export function editsOfTyping(song: SongRecord, edit: TypedEdit): EditedFieldsChange {
  const { fields, catalogue, credits } = edit;
  const changed: Record<EditableSongField, boolean> = {
    title: fields.title !== undefined && fields.title !== song.title,
    artist: fields.artist !== undefined && fields.artist !== song.artist,
    album: fields.album !== undefined && fields.album !== song.album,
    genre: fields.genre !== undefined && fields.genre !== song.genre,
    releaseYear: fields.releaseYear !== undefined && fields.releaseYear !== song.releaseYear,
    duration: fields.duration !== undefined && fields.duration !== song.duration,
    cover: edit.newCover,
    trackNumber: catalogue.trackNumber !== undefined && catalogue.trackNumber !== song.trackNumber,
    discNumber: catalogue.discNumber !== undefined && catalogue.discNumber !== song.discNumber,
    artists: credits !== undefined && !sameCredits(song, credits),
    genres: catalogue.genres !== undefined && !sameGenres(song, catalogue.genres),
    lyrics: catalogue.lyrics !== undefined,
  };
  const byHand = EDITABLE_SONG_FIELDS.filter((field) => changed[field]);
  const fromFile = edit.newFile
    ? FROM_A_NEW_FILE.filter((field) => catalogue[field] === undefined)
    : [];
  return { byHand, fromFile };
}

/**
 * A changed file read again replaces every field set by hand, but a cover when the file brings
 * none (the song keeps the one it had).
 */
export function editsOfRereading(coverKept: boolean): EditedFieldsChange {
  return {
    byHand: [],
    fromFile: EDITABLE_SONG_FIELDS.filter((field) => !(coverKept && field === 'cover')),
  };
}

/**
 * What reading an unchanged file again (an earlier tag reader read it) changes of its song: what
 * the file says, but the fields set by hand (`edited`), which stay as the song has them.
 */
export function rereadKeepingEdits(
  song: SongRecord,
  edited: readonly string[],
  read: { readonly fields: ResolvedSongFields; readonly tags: CatalogueTags },
): Pick<SongChanges, keyof ResolvedSongFields | 'tags' | 'credits' | 'genres' | 'keepLyrics'> {
  const kept = (field: EditableSongField) => edited.includes(field);
  const { fields, tags } = read;
  return {
    title: kept('title') ? song.title : fields.title,
    artist: kept('artist') ? song.artist : fields.artist,
    album: kept('album') ? song.album : fields.album,
    genre: kept('genre') ? song.genre : fields.genre,
    releaseYear: kept('releaseYear') ? song.releaseYear : fields.releaseYear,
    duration: kept('duration') ? song.duration : fields.duration,
    tags: {
      ...tags,
      ...(kept('trackNumber') && song.trackNumber !== null
        ? { trackNumber: song.trackNumber }
        : {}),
      ...(kept('discNumber') && song.discNumber !== null ? { discNumber: song.discNumber } : {}),
    },
    ...(kept('artists') ? { credits: creditsOfRecord(song) } : {}),
    ...(kept('genres') ? { genres: song.genres.map((genre) => genre.name) } : {}),
    ...(kept('lyrics') ? { keepLyrics: true } : {}),
  };
}
