import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationMessages } from '@cadenza/contract/internet-radio';
import { taggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { StationRelay } from '../internet-radio/station-relay.service';

/** The web player's relay of a station's stream, against a station on loopback. */

let radio: http.Server;
let base: string;
let t: TestApp;
let admin: CreatedUser;
let listener: CreatedUser;
const audio = taggedMp3();

beforeAll(async () => {
  radio = http.createServer((request, response) => {
    if (request.url === '/live.mp3') {
      return response.writeHead(200, { 'content-type': 'audio/mpeg' }).end(audio);
    }
    if (request.url === '/endless.mp3') {
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.write(audio.subarray(0, 4096));
      return;
    }
    if (request.url === '/listen.pls') {
      return response.writeHead(200, { 'content-type': 'audio/x-scpls' }).end('[playlist]');
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end('<html>Our radio</html>');
  });
  await new Promise<void>((resolve) => radio.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(radio.address() as AddressInfo).port}`;
  t = await createTestApp({ env: { FETCH_PRIVATE_ADDRESSES: 'true' } });
  admin = await createAdmin(t);
  listener = await createUser(t);
});
afterAll(async () => {
  await t.close();
  radio.closeAllConnections();
  await new Promise((resolve) => radio.close(resolve));
});

async function listenUrlOf(app: TestApp, owner: CreatedUser, streamUrl: string): Promise<string> {
  const created = await app.app.inject({
    method: 'POST',
    url: '/api/admin/radio-stations',
    headers: owner.headers,
    payload: { name: `Station ${streamUrl}`, streamUrl },
  });
  expect(created.statusCode).toBe(201);
  return created.json().data.listenUrl as string;
}

describe('the station relay', () => {
  it("relays the station's stream through the signed address listeners are given", async () => {
    const listenUrl = await listenUrlOf(t, admin, `${base}/live.mp3`);
    expect(listenUrl).toMatch(/^\/media\/radio\/[0-9a-f-]{36}\?expires=\d+&signature=/);
    const listed = await t.app.inject({
      url: '/api/user/radio-stations',
      headers: listener.headers,
    });
    expect(listed.json().data[0].listenUrl).toBe(listenUrl);

    const res = await t.app.inject({ url: listenUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(audio)).toBe(true);
  });

  it('refuses an address without its signature, or with another', async () => {
    const listenUrl = await listenUrlOf(t, admin, `${base}/live.mp3`);
    // Another first character (the same one would be no tampering at all).
    const tampered = listenUrl.replace(
      /signature=(.)/,
      (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
    );
    expect(tampered).not.toBe(listenUrl);
    expect((await t.app.inject({ url: tampered })).statusCode).toBe(403);
    expect((await t.app.inject({ url: listenUrl.split('?')[0]! })).statusCode).toBe(403);
  });

  it.each([
    ['a web page', '/', 'it answers text/html rather than an audio stream'],
    // A playlist says audio/…, yet names the stream inside: only a stream itself passes.
    [
      'a playlist file',
      '/listen.pls',
      "it answers a playlist (audio/x-scpls): give the stream's own address",
    ],
  ])('answers 502 with the reason for %s', async (_case, path, reason) => {
    const res = await t.app.inject({ url: await listenUrlOf(t, admin, `${base}${path}`) });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'station_unreachable',
      message: stationMessages.unreachable(reason),
    });
  });

  it('refuses a station on a private address unless the server allows them', async () => {
    const strict = await createTestApp();
    try {
      const owner = await createAdmin(strict);
      const res = await strict.app.inject({
        url: await listenUrlOf(strict, owner, `${base}/live.mp3`),
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(
        stationMessages.unreachable(
          '127.0.0.1 is on a private or local network, which this server does not call',
        ),
      );
    } finally {
      await strict.close();
    }
  });

  it('relays a limited number of streams at once, and lets one go when its listener leaves', async () => {
    const station = await t.services.stations.create({
      name: 'Endless FM',
      streamUrl: `${base}/endless.mp3`,
    });
    const relay = new StationRelay(t.services.stations, true, 1);
    const first = await relay.open(station.id);
    await expect(relay.open(station.id)).rejects.toMatchObject({
      statusCode: 503,
      code: 'station_busy',
      message: stationMessages.busy,
    });
    first.body.destroy();
    await new Promise((resolve) => first.body.once('close', resolve));
    const again = await relay.open(station.id);
    expect(again.contentType).toBe('audio/mpeg');
    again.body.destroy();
  });
});
