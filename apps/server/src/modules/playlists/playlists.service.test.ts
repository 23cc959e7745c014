import { afterAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlaylist, createUser } from '../../../test/factories';
import { createTestApp } from '../../../test/test-app';
import { retryingTransactor } from '../../db/transactor';
import type { Caller } from '../../domain/caller';
import { ImagesRepository } from '../images/images.repository';
import { adminPolicy, listenerPolicy } from './playlist-policy';
import { PlaylistsRepository } from './playlists.repository';
import { PlaylistsService } from './playlists.service';

/**
 * The rules no route reaches alone: every audience goes through one service, so a policy, not a
 * route, keeps a listener from flagging a playlist default.
 */
const t = await createTestApp();
afterAll(() => t.close());
const playlists = new PlaylistsService(
  new PlaylistsRepository(t.database.db, t.database.dialect),
  retryingTransactor(t.database.db, (trx) => ({
    playlists: new PlaylistsRepository(trx, t.database.dialect),
    images: new ImagesRepository(trx),
  })),
  t.services.covers,
);

describe('an edit under each policy', () => {
  it("refuses a listener's default flag (403) and changes nothing", async () => {
    const listener = await createUser(t);
    const caller: Caller = {
      userId: listener.user._id,
      role: 'user',
      passwordChangeRequired: false,
      streamingQualityLimit: 'original',
      secondFactorMissing: false,
      tokenId: 'edit-test',
      tokenExpiresAt: new Date(Date.now() + 60_000),
    };
    const own = await createPlaylist(t, listener, { name: 'Mine' });
    const edit = playlists.update(
      listenerPolicy(caller),
      own,
      { name: 'Flagged', isDefault: true },
      null,
    );
    await expect(edit).rejects.toMatchObject({
      statusCode: 403,
      code: 'default_playlist_read_only',
      message: 'Default playlists can only be changed in the admin area.',
    });
    const after = await playlists.get(listenerPolicy(caller), own);
    expect(after).toMatchObject({ name: 'Mine', isDefault: false });
  });

  it('lets the admin area set and clear it', async () => {
    const curated = await createPlaylist(t, await createAdmin(t));
    const flagged = await playlists.update(adminPolicy, curated, { isDefault: true }, null);
    expect(flagged.isDefault).toBe(true);
    const cleared = await playlists.update(adminPolicy, curated, { isDefault: false }, null);
    expect(cleared.isDefault).toBe(false);
  });
});
