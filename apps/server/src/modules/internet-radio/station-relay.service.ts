import type { Readable } from 'node:stream';
import { stationMessages } from '@cadenza/contract/internet-radio';
import { ServiceUnavailable, UpstreamFailed } from '../../errors';
import { guardedGet, OutboundRefused } from '../../outbound/guarded-get';
import type { StationsService } from './stations.service';

/** The key a station's relay address is signed for: it names no stored file. */
export const relayKeyOf = (stationId: string) => `radio/${stationId}`;

/** Streams relayed at once by one node: each holds a connection to its station. */
export const MAX_RELAYED_STREAMS = 100;
/** A live stream never ends by itself: a listener is let go after half a day. */
const RELAY_LIMITS = {
  maxBytes: Number.MAX_SAFE_INTEGER,
  deadlineMs: 12 * 60 * 60_000,
  idleMs: 20_000,
};
/** What a station may answer: audio, or Ogg (which Icecast names as an application). */
const STREAM_TYPE = /^(audio\/[\w.+-]+|application\/ogg)\b/i;
/** Playlists name their streams inside: the station's address must be a stream's own. */
const PLAYLIST_TYPE = /^(audio\/(x-)?(scpls|mpegurl)|application\/(vnd\.apple\.)?mpegurl)\b/i;

export interface RelayedStream {
  readonly contentType: string;
  readonly body: Readable;
}

/**
 * The web player listens to a station through the server: the page's policy allows media from
 * its own origin only, and listeners' addresses are never handed to the station. The station's
 * address goes through `guardedGet` like any fetch (no private address unless allowed), and at
 * most `MAX_RELAYED_STREAMS` are relayed at once.
 */
export class StationRelay {
  private relayed = 0;

  constructor(
    private readonly stations: StationsService,
    private readonly allowPrivate: boolean,
    private readonly limit = MAX_RELAYED_STREAMS,
  ) {}

  async open(id: string): Promise<RelayedStream> {
    const station = await this.stations.find(id);
    if (this.relayed >= this.limit) {
      throw new ServiceUnavailable(stationMessages.busy, 60, 'station_busy');
    }
    this.relayed += 1;
    let counted = true;
    const release = () => {
      if (counted) this.relayed -= 1;
      counted = false;
    };
    try {
      const answer = await guardedGet(station.streamUrl, {
        ...RELAY_LIMITS,
        allowPrivate: this.allowPrivate,
        accept: 'audio/*, application/ogg',
      });
      const contentType = answer.contentType ?? '';
      const type = contentType.split(';')[0]?.trim() || 'something';
      if (PLAYLIST_TYPE.test(contentType)) {
        answer.body.destroy();
        throw new OutboundRefused(`it answers a playlist (${type}): give the stream's own address`);
      }
      if (!STREAM_TYPE.test(contentType)) {
        answer.body.destroy();
        throw new OutboundRefused(`it answers ${type} rather than an audio stream`);
      }
      answer.body.once('close', release);
      return { contentType, body: answer.body };
    } catch (error) {
      release();
      if (error instanceof OutboundRefused) {
        throw new UpstreamFailed(stationMessages.unreachable(error.reason), 'station_unreachable');
      }
      throw error;
    }
  }
}
