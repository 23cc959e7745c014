/** A tag genre as the domain sees it, with what the catalogue holds of it. */
export interface TagGenreRecord {
  readonly id: string;
  /** As first written; genres compare with case and spacing ignored (`genreKey`). */
  readonly name: string;
  readonly songCount: number;
  /** Albums with at least one song of the genre. */
  readonly albumCount: number;
}
