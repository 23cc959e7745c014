import type { AudioTags } from './audio-tags';

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

/** The tags of an uploaded audio file read as it streamed past; nothing was stored. */
export class InspectedAudio {
  constructor(readonly tags: AudioTags) {}
}
