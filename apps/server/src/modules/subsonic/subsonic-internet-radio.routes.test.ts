import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createUser } from '../../../test/factories';
import { checkOpenSubsonicAnswer } from '../../../test/opensubsonic-schemas';
import {
  createApiKey,
  expectRestError,
  restBoth,
  restJson,
  type RestParams,
} from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Subsonic's internet radio stations: the same stations the web lists. */

let t: TestApp;
let asAdmin: RestParams;
let asListener: RestParams;

beforeAll(async () => {
  t = await createTestApp();
  asAdmin = { apiKey: await createApiKey(t, await createAdmin(t)) };
  asListener = { apiKey: await createApiKey(t, await createUser(t)) };
});
afterAll(() => t.close());

type RestStation = { id: string; name: string; streamUrl: string; homePageUrl?: string };

async function stations(): Promise<RestStation[]> {
  const answer = await restBoth(t, 'getInternetRadioStations', asListener);
  checkOpenSubsonicAnswer('getInternetRadioStations', answer);
  return (
    (answer.internetRadioStations as { internetRadioStation?: RestStation[] })
      .internetRadioStation ?? []
  );
}

describe('internet radio stations over /rest', () => {
  it('round-trip: created, updated and deleted by an administrator, listed for listeners', async () => {
    const created = await restJson(t, 'createInternetRadioStation', {
      ...asAdmin,
      name: 'Harbour FM',
      streamUrl: 'https://harbour.example.com/live',
      homepageUrl: 'https://harbour.example.com',
    });
    expect(created.status).toBe('ok');
    const [station] = await stations();
    expect(station).toMatchObject({
      name: 'Harbour FM',
      streamUrl: 'https://harbour.example.com/live',
      homePageUrl: 'https://harbour.example.com',
    });
    expect(station!.id).toMatch(/^ir-/);

    const updated = await restJson(t, 'updateInternetRadioStation', {
      ...asAdmin,
      id: station!.id,
      name: 'Harbour Radio',
      streamUrl: 'https://harbour.example.com/hq',
    });
    expect(updated.status, JSON.stringify(updated)).toBe('ok');
    expect((await stations())[0]).toMatchObject({
      name: 'Harbour Radio',
      streamUrl: 'https://harbour.example.com/hq',
      homePageUrl: 'https://harbour.example.com',
    });

    expect(
      (await restJson(t, 'deleteInternetRadioStation', { ...asAdmin, id: station!.id })).status,
    ).toBe('ok');
    expect(await stations()).toEqual([]);
  });

  it.each([
    [
      'create by a listener',
      'createInternetRadioStation',
      'listener',
      { name: 'A', streamUrl: 'https://a.example.com' },
      50,
    ],
    [
      'create without a name',
      'createInternetRadioStation',
      'admin',
      { streamUrl: 'https://a.example.com' },
      10,
    ],
    ['create without a stream', 'createInternetRadioStation', 'admin', { name: 'A' }, 10],
    [
      'create with a stream of another scheme',
      'createInternetRadioStation',
      'admin',
      { name: 'A', streamUrl: 'ftp://a.example.com' },
      0,
    ],
    ['update without an id', 'updateInternetRadioStation', 'admin', { name: 'B' }, 10],
    [
      'update of an unknown station',
      'updateInternetRadioStation',
      'admin',
      { id: 'ir-00000000-0000-4000-8000-000000000000', name: 'B' },
      70,
    ],
    [
      'update of a song id',
      'updateInternetRadioStation',
      'admin',
      { id: 'tr-00000000-0000-4000-8000-000000000000', name: 'B' },
      70,
    ],
    [
      'delete by a listener',
      'deleteInternetRadioStation',
      'listener',
      { id: 'ir-00000000-0000-4000-8000-000000000000' },
      50,
    ],
    [
      'delete of an unknown station',
      'deleteInternetRadioStation',
      'admin',
      { id: 'ir-00000000-0000-4000-8000-000000000000' },
      70,
    ],
  ])('answers %s with its error code', async (_case, endpoint, as, params, code) => {
    await expectRestError(
      t,
      endpoint,
      { ...(as === 'admin' ? asAdmin : asListener), ...params },
      code,
    );
  });
});
