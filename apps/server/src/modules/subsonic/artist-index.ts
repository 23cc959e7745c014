import type { CatalogueChanges } from '../../catalogue-changes';
import { KeptWhileUnchanged } from '../../kept-while-unchanged';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { Annotations, AnnotationsService } from './annotations.service';
import { FILE_SENT, type SubsonicCall } from './subsonic-endpoint';
import { presentIndexes } from './subsonic.presenter';
import type { SubsonicNode, SubsonicPayload } from './subsonic-response';
import { serialized } from './subsonic-serializers';

/** The two answers of every album artist by letter. */
export type ArtistIndexEndpoint = 'getIndexes' | 'getArtists';

/** Enough for a library of 20,000 artists in a few formats and stars of a few listeners. */
const KEPT_BYTES = 32 * 1024 * 1024;

/**
 * The articles the index files artists without (`artistSortName`: "The Beatles" under B), as the
 * protocol's `ignoredArticles` names them.
 */
const IGNORED_ARTICLES = 'The';

interface KeptAnswer {
  readonly contentType: string;
  readonly body: Buffer;
  /** When the list was read: the catalogue has been as it says since then (ms since 1970). */
  readonly lastModified: number;
}

/** What an answer depends on besides the catalogue: its stars and ratings of artists. */
function notesKey({ artistStars, artistRatings }: Annotations): string {
  if (artistStars.size === 0 && artistRatings.size === 0) return '';
  const sorted = <V>(map: ReadonlyMap<string, V>) =>
    [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([sorted(artistStars), sorted(artistRatings)]);
}

/**
 * `getIndexes` and `getArtists`: every album artist, which the protocol answers in one list
 * (20,000 artists are 3.4 MB). Reading, presenting and serialising them take seconds and tens of
 * milliseconds of the server's thread, the same for every listener with the same stars and
 * ratings of artists, until the catalogue changes: so the bytes of an answer are kept, keyed by
 * endpoint, format and those stars and ratings, and dropped on every change to the catalogue
 * (`CatalogueChanges`, as the song pages of decision 063). Only the listener's stars and
 * ratings of artists are read for each call.
 */
export class ArtistIndex {
  private readonly kept: KeptWhileUnchanged<KeptAnswer>;
  /** The `lastModified` of the latest list read. */
  private lastRead = 0;

  constructor(
    private readonly catalogue: CatalogueService,
    private readonly annotations: AnnotationsService,
    changes: CatalogueChanges,
    maxBytes = KEPT_BYTES,
  ) {
    this.kept = new KeptWhileUnchanged(
      changes,
      maxBytes,
      (answer, key) => answer.body.length + key.length,
    );
  }

  /** Sends the answer on the call's reply. */
  async send(call: SubsonicCall, endpoint: ArtistIndexEndpoint): Promise<typeof FILE_SENT> {
    const notes = await this.annotations.ofEveryArtist(call.caller.user.id);
    const format = call.params.get('f');
    const callback = call.params.get('callback');
    // getIndexes' ifModifiedSince: a client that has the list as of then gets no artists again
    // unless the catalogue changed since (a later time, even one to come, asks for nothing).
    const since =
      endpoint === 'getIndexes' ? call.params.optionalInt('ifModifiedSince') : undefined;
    const answer = await this.kept.get(
      [endpoint, format ?? '', callback ?? '', notesKey(notes)].join('\n'),
      async () => {
        // Strictly later than any list read before: a change in the same millisecond as the
        // last read must not look like no change to a client holding that time.
        const lastModified = Math.max(Date.now(), this.lastRead + 1);
        this.lastRead = lastModified;
        const index = presentIndexes(await this.catalogue.albumArtists(), notes);
        const { contentType, body } = serialized(
          { status: 'ok', payload: payloadOf(endpoint, index, lastModified) },
          format,
          callback,
        );
        return { contentType, body: Buffer.from(body), lastModified };
      },
    );
    const sent =
      since !== undefined && since >= answer.lastModified
        ? serialized(
            { status: 'ok', payload: payloadOf(endpoint, [], answer.lastModified) },
            format,
            callback,
          )
        : answer;
    call.reply
      .status(200)
      .header('cache-control', 'no-store')
      .type(sent.contentType)
      .send(sent.body);
    return FILE_SENT;
  }
}

function payloadOf(
  endpoint: ArtistIndexEndpoint,
  index: readonly SubsonicNode[],
  lastModified: number,
): SubsonicPayload {
  if (endpoint === 'getArtists') return { artists: { ignoredArticles: IGNORED_ARTICLES, index } };
  return { indexes: { lastModified, ignoredArticles: IGNORED_ARTICLES, index } };
}
