import { MAX_SHARE_DESCRIPTION_LENGTH, type ShareKind } from '@cadenza/contract/shares';
import { sharePath } from '../shares/shares.presenter';
import type { NamedShare, SharesService } from '../shares/shares.service';
import type { SubsonicCaller } from './subsonic-auth';
import { forListeners, OK, type SubsonicEndpoints } from './subsonic-endpoint';
import { parseAnyId } from './subsonic-ids';
import type { SubsonicLibrary } from './subsonic-library';
import type { SubsonicParams } from './subsonic-params';
import {
  invalidParameter,
  missingParameter,
  SubsonicCode,
  SubsonicError,
} from './subsonic-response';

export interface SharesDeps {
  readonly shares: SharesService;
  readonly library: SubsonicLibrary;
  /** Where the server is reached, for the shares' addresses. */
  readonly publicUrl: string;
}

/** What `createShare`'s ids name: songs, or one album, or one playlist. */
function itemsOf(params: SubsonicParams): { kind: ShareKind; itemIds: string[] } {
  const ids = params.all('id');
  if (ids.length === 0) throw missingParameter('id');
  const targets = ids.map((text) => {
    const target = parseAnyId(text);
    if (!target || target.kind === 'artist') {
      throw new SubsonicError(SubsonicCode.notFound, 'Song, album or playlist not found');
    }
    return target;
  });
  const kinds = new Set(targets.map((target) => target.kind));
  const [kind] = kinds;
  if (kinds.size > 1 || (kind !== 'song' && targets.length > 1)) {
    throw new SubsonicError(
      SubsonicCode.generic,
      'A share holds songs, or one album, or one playlist',
    );
  }
  return {
    kind: kind === 'song' ? 'songs' : kind === 'album' ? 'album' : 'playlist',
    itemIds: targets.map((target) => target.id),
  };
}

/** `description`, trimmed; undefined when absent, refused when too long. */
function descriptionOf(params: SubsonicParams): string | undefined {
  const text = params.get('description')?.trim();
  if (text !== undefined && text.length > MAX_SHARE_DESCRIPTION_LENGTH) {
    throw invalidParameter('description', `at most ${MAX_SHARE_DESCRIPTION_LENGTH} characters`);
  }
  return text;
}

/** `expires` in milliseconds since 1970, as ISO-8601; 0 (in updateShare) for never. */
function expiryOf(params: SubsonicParams): string | null | undefined {
  const text = params.get('expires');
  if (text === undefined || text === '') return undefined;
  const millis = /^\d{1,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!Number.isSafeInteger(millis)) throw invalidParameter('expires', 'milliseconds since 1970');
  return millis === 0 ? null : new Date(millis).toISOString();
}

/** Subsonic's shares: the same public pages the web makes, at `/share/{id}`. */
export function sharesEndpoints({ shares, library, publicUrl }: SharesDeps): SubsonicEndpoints {
  const present = async (caller: SubsonicCaller, share: NamedShare) => ({
    id: share.id,
    url: `${publicUrl}${sharePath(share.id)}`,
    description: share.description ?? undefined,
    username: caller.user.email,
    created: share.createdAt,
    expires: share.expiresAt ?? undefined,
    lastVisited: share.lastViewedAt ?? undefined,
    visitCount: share.viewCount,
    entry: await library.songs(caller, await shares.songsOf(share)),
  });
  const shareCaller = (caller: SubsonicCaller) => ({
    userId: caller.user.id,
    role: caller.user.role,
  });

  return {
    getShares: forListeners(async ({ caller }) => {
      const owned = await shares.ofOwner(caller.user.id);
      return { shares: { share: await Promise.all(owned.map((share) => present(caller, share))) } };
    }),

    createShare: forListeners(async ({ params, caller }) => {
      const created = await shares.create(caller.user.id, {
        ...itemsOf(params),
        description: descriptionOf(params) || undefined,
        expiresAt: expiryOf(params) ?? null,
      });
      return { shares: { share: [await present(caller, created)] } };
    }),

    updateShare: forListeners(async ({ params, caller }) => {
      const description = descriptionOf(params);
      await shares.update(shareCaller(caller), params.required('id'), {
        ...(description === undefined ? {} : { description: description || null }),
        expiresAt: expiryOf(params),
      });
      return OK;
    }),

    deleteShare: forListeners(async ({ params, caller }) => {
      await shares.revoke(shareCaller(caller), params.required('id'));
      return OK;
    }),
  };
}
