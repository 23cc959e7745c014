import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, type CreatedUser } from '../../../test/factories';
import { checkOpenSubsonicAnswer } from '../../../test/opensubsonic-schemas';
import { createApiKey, restBoth, restJson, type RestParams } from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Subsonic's chat: messages listeners leave for each other on the server. */

let t: TestApp;
let now = new Date('2026-11-30T20:00:00.000Z');
let maya: CreatedUser;
let asMaya: RestParams;
let asTom: RestParams;

beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  maya = await createUser(t);
  asMaya = { apiKey: await createApiKey(t, maya) };
  asTom = { apiKey: await createApiKey(t, await createUser(t)) };
});
afterAll(() => t.close());

type Message = { username: string; time: number; message: string };
const messages = async (params: RestParams) => {
  const answer = await restBoth(t, 'getChatMessages', params);
  checkOpenSubsonicAnswer('getChatMessages', answer);
  return (answer.chatMessages as { chatMessage?: Message[] }).chatMessage ?? [];
};

describe('getChatMessages and addChatMessage', () => {
  it('round-trip messages between listeners, newest first, and since a time', async () => {
    expect(
      (await restJson(t, 'addChatMessage', { ...asMaya, message: '  New album is up!  ' })).status,
    ).toBe('ok');
    now = new Date('2026-11-30T20:05:00.000Z');
    await restJson(t, 'addChatMessage', { ...asTom, message: 'Listening now \u001b[31mred' });

    const all = await messages(asTom);
    expect(all.map((message) => message.message)).toEqual([
      'Listening now red',
      'New album is up!',
    ]);
    expect(all[1]).toEqual({
      username: maya.user.email,
      time: Date.parse('2026-11-30T20:00:00.000Z'),
      message: 'New album is up!',
    });
    const since = await messages({ ...asMaya, since: Date.parse('2026-11-30T20:01:00.000Z') });
    expect(since.map((message) => message.message)).toEqual(['Listening now red']);
  });

  it.each([
    ['no message', {}, 10],
    ['a blank message', { message: '   ' }, 0],
    ['a message too long', { message: 'x'.repeat(1001) }, 0],
  ])('refuses %s with its error code', async (_case, params, code) => {
    const answer = await restJson(t, 'addChatMessage', { ...asMaya, ...params });
    expect(answer).toMatchObject({ status: 'failed', error: { code } });
  });

  it('answers a since that is no time with an error', async () => {
    const answer = await restJson(t, 'getChatMessages', { ...asMaya, since: 'yesterday' });
    expect(answer).toMatchObject({ status: 'failed', error: { code: 0 } });
  });
});
