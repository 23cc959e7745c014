import { creditText } from '@cadenza/contract/artist-credit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { CombinedSearchService } from '../search/combined-search.service';
import { sendBlob, type BlobSource } from '../delivery/blob-response';
import type { ContentTypes } from '../delivery/content-types';
import {
  COVER_VARIANT_SIZES,
  coverVariantFormat,
  coverVariantKey,
  type CoverVariants,
} from '../images/cover-variants';
import type { PlaylistsService } from '../playlists/playlists.service';
import type { SongStreams } from '../transcoding/song-streams.service';
import { attachmentDisposition, downloadName } from '../songs/download-name';
import { fileNameOf, type SongsService } from '../songs/songs.service';
import type { ObjectStore } from '../../storage/object-store';
import type { PlaylistPolicyOf } from './playlists.endpoints';
import type { LyricsService } from '../lyrics/lyrics.service';
import type { PodcastsService } from '../podcasts/podcasts.service';
import { extensionOfType } from '../delivery/media-types';
import { plainLyricsText, structuredLyricsOf } from './lyrics';
import {
  FILE_SENT,
  forListeners,
  mediaForListeners,
  type SubsonicCall,
  type SubsonicEndpoints,
} from './subsonic-endpoint';
import { ID_PREFIX, imageKeyOf, parseAnyId, parseId } from './subsonic-ids';
import { MAX_LIST_SIZE } from './subsonic-library';
import { notFound } from './subsonic-response';
import { songSuffix } from './subsonic.presenter';
import type { SubsonicParams } from './subsonic-params';

export interface MediaDeps {
  readonly songs: SongsService;
  readonly catalogue: CatalogueService;
  readonly search: CombinedSearchService;
  readonly playlists: PlaylistsService;
  readonly policyOf: PlaylistPolicyOf;
  readonly objects: ObjectStore;
  readonly defaults: BlobSource;
  readonly contentTypes: ContentTypes;
  readonly variants: CoverVariants;
  readonly lyrics: LyricsService;
  readonly streams: SongStreams;
  readonly podcasts: PodcastsService;
}

/** The picture for anything without one of its own: a placeholder, never a 404. */
const PLACEHOLDER = 'default-cover.jpg';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The smallest stored size at least `size` pixels a side; the largest for anything bigger. */
function variantSizeFor(size: number) {
  return COVER_VARIANT_SIZES.find((candidate) => candidate >= size) ?? COVER_VARIANT_SIZES.at(-1);
}

/** `stream`'s parameters as the plan reads them; their values are checked there. */
function streamRequestOf(params: SubsonicParams) {
  const number = (name: string) => {
    const value = params.get(name)?.trim();
    return value === undefined || value === '' ? undefined : Number(value);
  };
  return {
    format: params.get('format'),
    maxKbps: number('maxBitRate'),
    offsetSeconds: number('timeOffset'),
  };
}

/** Streaming, downloading, covers and lyrics. */
export function mediaEndpoints(deps: MediaDeps): SubsonicEndpoints {
  const { songs, catalogue, playlists, policyOf, objects, defaults, contentTypes, variants } = deps;
  const contentType = contentTypes.of.bind(contentTypes);

  /** The image key of whatever a `getCoverArt` id names, or null for the placeholder. */
  const imageKeyFor = async ({ params, caller }: SubsonicCall): Promise<string | null> => {
    const id = params.required('id');
    const direct = imageKeyOf(id);
    if (direct) return direct;
    if (id.startsWith(ID_PREFIX.podcast)) {
      return (await deps.podcasts.find(parseId('podcast', id))).coverKey;
    }
    if (id.startsWith(ID_PREFIX.episode)) {
      const episode = await deps.podcasts.episode(parseId('episode', id));
      return (await deps.podcasts.find(episode.channelId)).coverKey;
    }
    const target = parseAnyId(id);
    if (!target) throw notFound('Cover art');
    if (target.kind === 'song') return (await songs.find(target.id)).coverKey;
    if (target.kind === 'album') return (await catalogue.album(target.id)).album.coverKey;
    if (target.kind === 'artist') return (await catalogue.artist(target.id)).artist.imageKey;
    const playlist = await playlists.get(policyOf(caller), target.id);
    return playlist.coverKey ?? playlist.mosaicKeys[0] ?? null;
  };

  /** The stored audio a `stream` or `download` id names: a song's, or a podcast episode's. */
  const fileOf = async (id: string) => {
    if (id.startsWith(ID_PREFIX.episode)) {
      const episode = await deps.podcasts.fileOf(parseId('episode', id));
      const podcast = await deps.podcasts.find(episode.channelId);
      const suffix = extensionOfType(episode.audioMime) ?? 'mp3';
      return {
        audioKey: episode.audioKey,
        mime: episode.audioMime,
        suffix,
        bitRate: null,
        seconds: episode.durationSeconds ?? 0,
        // Named like a song's download: the podcast stands where the artist does.
        fileName: downloadName(episode.title, podcast.title, suffix),
      };
    }
    const record = await songs.find(parseId('song', id));
    return {
      audioKey: record.audioKey,
      mime: record.audioMime,
      suffix: songSuffix(record),
      bitRate: record.bitRate,
      seconds: record.durationMs / 1000,
      fileName: fileNameOf(record),
    };
  };

  const sendPlaceholder = (request: FastifyRequest, reply: FastifyReply) =>
    sendBlob(request, reply, defaults, PLACEHOLDER, {
      cacheControl: 'public, max-age=86400',
      contentType: () => 'image/jpeg',
    });

  const sendCover = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string | null,
    size: number | undefined,
  ) => {
    const original = key === null ? null : await objects.head(key);
    if (key === null || !original) return sendPlaceholder(request, reply);
    const variant = size === undefined ? undefined : variantSizeFor(size);
    if (variant !== undefined) {
      reply.header('vary', 'Accept');
      const format = coverVariantFormat(request.headers.accept, await contentType(key, original));
      const answer = await variants.ensure(key, original, variant, format);
      // A picture that cannot be resized is never sent larger than asked.
      if (answer === 'none') return sendPlaceholder(request, reply);
      if (answer === 'variant') {
        return sendBlob(request, reply, objects, coverVariantKey(key, variant, format), {
          cacheControl: IMMUTABLE,
          contentType: () => `image/${format === 'jpg' ? 'jpeg' : format}`,
        });
      }
    }
    return sendBlob(request, reply, objects, key, { cacheControl: IMMUTABLE, contentType });
  };

  return {
    // The file as it is unless the client asks for a format, a lower rate or a later start
    // (transcoding/stream-plan.ts); without ffmpeg, always the file. A stream is not a play:
    // apps report plays with `scrobble`.
    stream: mediaForListeners(async ({ params, request, reply, caller }) => {
      const id = params.required('id');
      const file = await fileOf(id);
      request.server.mediaAccess.track(request, reply, {
        kind: 'stream',
        song: id,
        user: caller.user.id,
      });
      const song = {
        audioKey: file.audioKey,
        suffix: file.suffix,
        bitRate: file.bitRate,
        seconds: file.seconds,
      };
      const plan = deps.streams.plan(
        song,
        { ...streamRequestOf(params), limitKbps: await deps.streams.limitKbps(caller.user.id) },
        deps.streams.formatFor(request.headers.accept, 'mp3'),
      );
      if (plan.kind === 'original') {
        await sendBlob(request, reply, objects, file.audioKey, {
          cacheControl: 'private, max-age=3600',
          contentType: () => file.mime,
        });
        return FILE_SENT;
      }
      await deps.streams.send(request, reply, song, plan, {
        estimateLength: params.bool('estimateContentLength', false),
      });
      return FILE_SENT;
    }),

    download: mediaForListeners(async ({ params, request, reply, caller }) => {
      const id = params.required('id');
      const file = await fileOf(id);
      request.server.mediaAccess.track(request, reply, {
        kind: 'download',
        song: id,
        user: caller.user.id,
      });
      reply.header('content-disposition', attachmentDisposition(file.fileName));
      await sendBlob(request, reply, objects, file.audioKey, {
        cacheControl: 'private, no-store',
        contentType: () => file.mime,
      });
      return FILE_SENT;
    }),

    getCoverArt: mediaForListeners(async (call) => {
      const size = call.params.optionalInt('size', 1, 10_000);
      const key = await imageKeyFor(call);
      await sendCover(call.request, call.reply, key, size);
      return FILE_SENT;
    }),

    getLyricsBySongId: forListeners(async ({ params }) => {
      const song = await songs.find(parseId('song', params.required('id')));
      const found = structuredLyricsOf(await deps.lyrics.all(song.id));
      return {
        lyricsList: {
          structuredLyrics: found.map((lyrics) => ({
            displayArtist: creditText(song.artist, song.artists),
            displayTitle: song.title,
            ...lyrics,
          })),
        },
      };
    }),

    getLyrics: forListeners(async ({ params }) => {
      // OpenSubsonic requires `value` even when nothing is found.
      const none = { lyrics: { value: '' } };
      const artist = params.get('artist') ?? '';
      const title = params.get('title') ?? '';
      if (title.trim() === '') return none;
      const found = await deps.search.paged(`${artist} ${title}`.trim(), {
        songs: { offset: 0, count: MAX_LIST_SIZE },
        albums: { offset: 0, count: 0 },
        artists: { offset: 0, count: 0 },
      });
      const fold = (text: string) => text.trim().toLowerCase();
      // A client asks with the artist it was shown (the credit), or one it read from the file.
      const song = found.songs.find(
        (candidate) =>
          fold(candidate.title) === fold(title) &&
          (artist.trim() === '' ||
            [candidate.artist, creditText(candidate.artist, candidate.artists)]
              .map(fold)
              .includes(fold(artist))),
      );
      const lyrics = song ? await deps.lyrics.shown(song.id) : null;
      if (!song || !lyrics) return none;
      return {
        lyrics: {
          artist: creditText(song.artist, song.artists),
          title: song.title,
          value: plainLyricsText(lyrics),
        },
      };
    }),
  };
}
