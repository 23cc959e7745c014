import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLAYER_SETTINGS } from '@cadenza/contract/player-settings';
import { createUser, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let listener: CreatedUser;
beforeAll(async () => {
  t = await createTestApp();
  listener = await createUser(t);
});
afterAll(() => t.close());

const read = (user: CreatedUser) =>
  t.app.inject({ url: '/api/user/player-settings', headers: user.headers });
const save = (user: CreatedUser, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/user/player-settings',
    headers: user.headers,
    payload: payload as Record<string, unknown>,
  });

const chosen = {
  crossfadeSeconds: 6,
  replayGainMode: 'album',
  replayGainPreamp: 2.5,
  replayGainFallback: -8,
  preventClipping: false,
  equaliserEnabled: true,
  equaliserGains: [6, 5, 4, 2, 0, 0, 0, 0, -3.5, -12],
  customPresets: [{ name: 'Night', gains: [0, 0, 0, 0, 0, 0, -2, -4, -6, -8] }],
  volume: 0.35,
  streamingQuality: 'high',
  cellularStreamingQuality: 'dataSaver',
};

describe('player settings', () => {
  it('answers the defaults before anything was saved, and needs a sign-in', async () => {
    const res = await read(await createUser(t));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: DEFAULT_PLAYER_SETTINGS });
    expect((await t.app.inject({ url: '/api/user/player-settings' })).statusCode).toBe(401);
  });

  it('saves every setting for the account and reads them back', async () => {
    const saved = await save(listener, chosen);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual(chosen);
    expect((await read(listener)).json().data).toEqual(chosen);
  });

  it('keeps each account’s settings apart', async () => {
    const other = await createUser(t);
    await save(listener, chosen);
    expect((await read(other)).json().data).toEqual(DEFAULT_PLAYER_SETTINGS);
  });

  it('refuses settings out of range with a message naming the rule, never a 500', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ crossfadeSeconds: 13 }, 'Crossfade must be a whole number of seconds from 0 (off) to 12'],
      [{ crossfadeSeconds: 2.5 }, 'Crossfade must be a whole number of seconds from 0 (off) to 12'],
      [{ replayGainMode: 'loud' }, 'ReplayGain must be off, track, album or auto'],
      [
        { streamingQuality: 'lossless' },
        'Streaming quality must be original, high, normal or dataSaver',
      ],
      [
        { cellularStreamingQuality: 320 },
        'Streaming quality must be original, high, normal or dataSaver',
      ],
      [{ replayGainPreamp: 16 }, 'The ReplayGain pre-amp must be between -15 and 15 dB'],
      [
        { replayGainFallback: -20 },
        'The gain for songs without ReplayGain must be between -15 and 15 dB',
      ],
      [{ equaliserGains: [0, 0, 0] }, 'The equaliser takes 10 gains, one per band'],
      [
        { equaliserGains: [13, 0, 0, 0, 0, 0, 0, 0, 0, 0] },
        'An equaliser band must be between -12 and 12 dB',
      ],
      [{ customPresets: [{ name: '  ', gains: chosen.equaliserGains }] }, 'Name the preset'],
      [
        {
          customPresets: [
            { name: 'Same', gains: chosen.equaliserGains },
            { name: 'Same', gains: chosen.equaliserGains },
          ],
        },
        'Two of your presets have the same name',
      ],
      [
        {
          customPresets: Array.from({ length: 21 }, (_, index) => ({
            name: `Preset ${index}`,
            gains: chosen.equaliserGains,
          })),
        },
        'Keep at most 20 presets of your own',
      ],
      [{ volume: 1.5 }, 'Volume must be between 0 and 1'],
      [{ preventClipping: 'yes' }, 'Must be true or false'],
    ];
    for (const [change, message] of cases) {
      const res = await save(listener, { ...chosen, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().code).toBe('invalid_input');
      expect(res.body).toContain(message);
    }
    expect((await save(listener, { crossfadeSeconds: 3 })).statusCode).toBe(400);
    expect((await save(listener, ['not', 'settings'])).statusCode).toBe(400);
    expect((await read(listener)).json().data).toEqual(chosen);
  });

  it('gives settings saved before a field existed that field’s default', async () => {
    const user = await createUser(t);
    const { volume: _volume, streamingQuality: _quality, ...older } = chosen;
    await t.database.db
      .insertInto('player_settings')
      .values({
        user_id: user.user._id,
        settings: JSON.stringify(older),
        updated_at: new Date().toISOString(),
      })
      .execute();
    expect((await read(user)).json().data).toEqual({
      ...chosen,
      volume: DEFAULT_PLAYER_SETTINGS.volume,
      streamingQuality: DEFAULT_PLAYER_SETTINGS.streamingQuality,
    });
  });
});
