import type { AudioTags } from '../../domain/audio-tags';

/**
 * What the stores of form files answer. They are classes, so that a route's body schema accepts
 * them by `instanceof`: only a file streamed into a store becomes one, never a JSON value.
 */

/** A cover just written to the object store under a fresh key, that no row has taken yet. */
export class StoredImage {
  constructor(
    readonly key: string,
    /** Hex SHA-256 of the content: the same picture stored twice is one image. */
    readonly sha256: string,
    readonly mime: string,
    readonly bytes: number,
  ) {}
}

/** An uploaded audio file just written to the object store under a fresh key of its own. */
export class UploadedAudio {
  constructor(readonly key: string) {}
}

/**
 * A file sent to the library, stored as it came under a fresh key whatever it holds: the import
 * decides, by its content, whether it is kept. Its name is the title of a file without one.
 */
export class ReceivedAudio {
  constructor(
    readonly key: string,
    readonly sha256: string,
    readonly bytes: number,
    readonly name: string,
  ) {}
}

/** The tags of an uploaded audio file read as it streamed past; nothing was stored. */
export class InspectedAudio {
  constructor(readonly tags: AudioTags) {}
}

/**
 * The cover a song or playlist row is given: one just stored (matched by its content with the
 * images already kept), or the key of an image that rows already use.
 */
export type CoverChoice = StoredImage | string;
