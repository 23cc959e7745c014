import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taggedMp3 } from '../../../test/audio-fixtures';
import { createAdmin, createUser, type CreatedUser } from '../../../test/factories';
import { encodedTone, ffmpegChildren, probeAudio, skipWithoutFfmpeg } from '../../../test/ffmpeg';
import { injectForm } from '../../../test/multipart';
import {
  checkOpenSubsonicError,
  checkOpenSubsonicSchema,
} from '../../../test/opensubsonic-schemas';
import {
  createApiKey,
  expectSameData,
  parseSubsonicXml,
  rest,
  type RestParams,
} from '../../../test/subsonic';
import { createTestApp, type TestApp } from '../../../test/test-app';

const TONE_SECONDS = 20;

async function upload(t: TestApp, admin: CreatedUser, bytes: Buffer, filename: string) {
  const res = await injectForm(
    t.app,
    { method: 'POST', url: '/api/admin/songs', headers: admin.headers },
    { audioFile: { filename, contentType: 'application/octet-stream', content: bytes } },
  );
  expect(res.statusCode, res.body).toBe(201);
  return `tr-${res.json<{ data: { _id: string } }>().data._id}`;
}

/** A ClientInfo as a phone sends it, with what a test changes. */
function clientInfo(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Test phone',
    platform: 'Android',
    directPlayProfiles: [
      { containers: ['mp3'], audioCodecs: ['mp3'], protocols: ['http'], maxAudioChannels: 2 },
    ],
    transcodingProfiles: [
      { container: 'mp3', audioCodec: 'mp3', protocol: 'http', maxAudioChannels: 2 },
    ],
    ...overrides,
  };
}

type Json = Record<string, unknown>;

/** Calls getTranscodeDecision by POST with `body` (JSON unless already text). */
function postDecision(
  t: TestApp,
  params: RestParams,
  body: unknown,
  method: 'POST' | 'GET' = 'POST',
) {
  const query = new URLSearchParams(
    Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]),
  );
  return t.app.inject({
    method,
    url: `/rest/getTranscodeDecision?${query.toString()}`,
    ...(body === undefined
      ? {}
      : {
          headers: { 'content-type': 'application/json' },
          payload: typeof body === 'string' ? body : JSON.stringify(body),
        }),
  });
}

/** The inside of `subsonic-response` of a JSON answer over HTTP 200. */
function answerOf(res: { statusCode: number; json(): unknown }): Json {
  expect(res.statusCode).toBe(200);
  return (res.json() as { 'subsonic-response': Json })['subsonic-response'];
}

describe.skipIf(skipWithoutFfmpeg)("OpenSubsonic's transcoding extension with ffmpeg", () => {
  let t: TestApp;
  let now = new Date();
  let auth: RestParams;
  let flacId: string;
  let flac: Buffer;
  let richMp3Id: string;

  const song = (mediaId: string) => ({ ...auth, mediaId, mediaType: 'song' });
  const decision = async (mediaId: string, body: unknown) => {
    const answer = answerOf(await postDecision(t, { ...song(mediaId), f: 'json' }, body));
    expect(answer.status, JSON.stringify(answer)).toBe('ok');
    checkOpenSubsonicSchema('TranscodeDecision', answer.transcodeDecision);
    return answer.transcodeDecision as Json;
  };
  const streamOf = (mediaId: string, transcodeParams: unknown, extra: RestParams = {}) =>
    rest(t, 'getTranscodeStream', {
      ...song(mediaId),
      transcodeParams: String(transcodeParams),
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { PATH: process.env.PATH ?? '' }, clock: () => now });
    const admin = await createAdmin(t);
    auth = { apiKey: await createApiKey(t, await createUser(t)), c: 'transcoding-test' };
    flac = encodedTone(TONE_SECONDS, { codec: 'flac', format: 'flac', title: 'Lossless' });
    flacId = await upload(t, admin, flac, 'tone.flac');
    const mp3 = encodedTone(TONE_SECONDS, {
      codec: 'libmp3lame',
      format: 'mp3',
      title: 'Rich',
      extra: ['-b:a', '320k'],
    });
    richMp3Id = await upload(t, admin, mp3, 'rich.mp3');
  });
  afterAll(() => t.close());

  it('lists the transcoding extension', async () => {
    const res = await rest(t, 'getOpenSubsonicExtensions', { f: 'json' });
    expect(answerOf(res).openSubsonicExtensions).toContainEqual({
      name: 'transcoding',
      versions: [1],
    });
  });

  it('lets a client play a file as it is when a direct play profile fits, in JSON as in XML', async () => {
    const body = clientInfo({
      directPlayProfiles: [
        { containers: ['flac'], audioCodecs: ['flac'], protocols: ['http'], maxAudioChannels: 2 },
      ],
    });
    const decided = await decision(flacId, body);
    expect(decided).toEqual({
      canDirectPlay: true,
      canTranscode: false,
      transcodeParams: expect.stringMatching(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/),
      sourceStream: {
        protocol: 'http',
        container: 'flac',
        codec: 'flac',
        audioChannels: 2,
        audioSamplerate: 44_100,
        audioBitrate: expect.any(Number),
      },
    });
    const xml = await postDecision(t, song(flacId), body);
    expect(xml.headers['content-type']).toMatch(/^text\/xml/);
    const parsed = parseSubsonicXml(xml.body);
    const json = answerOf(await postDecision(t, { ...song(flacId), f: 'json' }, body));
    expectSameData(json, parsed);

    const file = await streamOf(flacId, decided.transcodeParams, { offset: 5 });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(flac)).toBe(true);
  });

  it('transcodes for a client that needs MP3 at 128 kbps, and streams that MP3 from an offset', async () => {
    const body = clientInfo({ maxTranscodingAudioBitrate: 128_000 });
    const decided = await decision(flacId, body);
    expect(decided).toMatchObject({
      canDirectPlay: false,
      canTranscode: true,
      transcodeReason: ['container flac is not one of mp3'],
      sourceStream: { container: 'flac', codec: 'flac' },
      transcodeStream: {
        protocol: 'http',
        container: 'mp3',
        codec: 'mp3',
        audioBitrate: 128_000,
        audioChannels: 2,
        audioSamplerate: 44_100,
      },
    });
    expect(decided.errorReason).toBeUndefined();
    const xml = parseSubsonicXml((await postDecision(t, song(flacId), body)).body);
    expectSameData(answerOf(await postDecision(t, { ...song(flacId), f: 'json' }, body)), xml);

    const whole = await streamOf(flacId, decided.transcodeParams);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    const probed = probeAudio(whole.rawPayload);
    expect(probed).toMatchObject({ codec: 'mp3', bitRate: 128_000 });
    expect(Math.abs(probed.duration - TONE_SECONDS)).toBeLessThan(0.2);

    const later = await streamOf(flacId, decided.transcodeParams, { offset: 10 });
    const rest10 = probeAudio(later.rawPayload);
    expect(rest10.codec).toBe('mp3');
    expect(Math.abs(rest10.duration - (TONE_SECONDS - 10))).toBeLessThan(0.2);
  });

  it('transcodes a file richer than maxAudioBitrate, though the client plays its format', async () => {
    const decided = await decision(richMp3Id, clientInfo({ maxAudioBitrate: 128_000 }));
    expect(decided).toMatchObject({
      canDirectPlay: false,
      canTranscode: true,
      transcodeReason: ['audio bit rate 320000 is over the maximum 128000'],
      sourceStream: { container: 'mp3', codec: 'mp3', audioBitrate: 320_000 },
      transcodeStream: { container: 'mp3', codec: 'mp3', audioBitrate: 128_000 },
    });
    const sent = await streamOf(richMp3Id, decided.transcodeParams);
    expect(probeAudio(sent.rawPayload)).toMatchObject({ codec: 'mp3', bitRate: 128_000 });
  });

  it('refuses what is not a ClientInfo, naming what is wrong', async () => {
    const failures: Array<[unknown, 'POST' | 'GET', RestParams, number, string]> = [
      [
        undefined,
        'POST',
        {},
        10,
        'Required parameter is missing: the ClientInfo, as the JSON body of the POST',
      ],
      ['{"name": "Phone",', 'POST', {}, 0, 'The body must be a ClientInfo written in JSON'],
      [{ name: 'Phone' }, 'POST', {}, 10, 'Required parameter is missing: ClientInfo platform'],
      [
        clientInfo({
          directPlayProfiles: [{ containers: [], audioCodecs: [], protocols: ['rtsp'] }],
        }),
        'POST',
        {},
        0,
        'ClientInfo directPlayProfiles[0].protocols[0] is not valid: Invalid option: expected one of "http"|"hls"',
      ],
      [
        clientInfo({
          codecProfiles: [
            {
              type: 'AudioCodec',
              name: 'mp3',
              limitations: [
                {
                  name: 'audioBitrate',
                  comparison: 'LessThanEqual',
                  values: ['fast'],
                  required: true,
                },
              ],
            },
          ],
        }),
        'POST',
        {},
        0,
        'ClientInfo codecProfiles[0].limitations[0].values is not valid: the values of this limitation must be whole numbers',
      ],
      [
        undefined,
        'GET',
        {},
        0,
        'getTranscodeDecision is called by POST, with the ClientInfo as its JSON body',
      ],
      [
        clientInfo(),
        'POST',
        { mediaType: 'podcast' },
        0,
        'This server has no podcasts: mediaType must be song',
      ],
      [clientInfo(), 'POST', { mediaType: '' }, 10, 'Required parameter is missing: mediaType'],
      [clientInfo(), 'POST', { mediaId: 'tr-0' }, 70, 'Song not found'],
    ];
    for (const [body, method, params, code, message] of failures) {
      const res = await postDecision(t, { ...song(flacId), f: 'json', ...params }, body, method);
      const answer = answerOf(res);
      checkOpenSubsonicError(answer);
      expect(answer.error, JSON.stringify(params)).toEqual({ code, message });
    }
  });

  it('refuses transcodeParams it did not give, or gave for another song, over HTTP 4xx with a message', async () => {
    const decided = await decision(flacId, clientInfo());
    const given = String(decided.transcodeParams);
    const [body = '', signature = ''] = given.split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Json;
    const forged = [
      `${Buffer.from(JSON.stringify({ ...payload, t: 'aac', k: 320 })).toString('base64url')}.${signature}`,
      'mp3-128',
      `${body}.${signature.slice(1)}`,
    ];
    for (const text of forged) {
      const res = await streamOf(flacId, text, { f: 'json' });
      expect(res.statusCode, text).toBe(400);
      expect(res.json()['subsonic-response'].error).toEqual({
        code: 0,
        message:
          'transcodeParams is not one this server gave: use the one getTranscodeDecision answered',
      });
    }
    const elsewhere = await streamOf(richMp3Id, given, { f: 'json' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json()['subsonic-response'].error.message).toMatch(/another song/);

    const missing = await rest(t, 'getTranscodeStream', { ...song(flacId), f: 'json' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()['subsonic-response'].error).toEqual({
      code: 10,
      message: 'Required parameter is missing: transcodeParams',
    });
    const badOffset = await streamOf(flacId, given, { offset: '-3', f: 'json' });
    expect(badOffset.statusCode).toBe(400);
    const unknown = await streamOf('tr-0', given, { f: 'json' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()['subsonic-response'].error.code).toBe(70);
    expect(ffmpegChildren()).toEqual([]);
  });

  it('turns away transcodeParams past their lifetime with 410, to ask again', async () => {
    const decided = await decision(flacId, clientInfo());
    const given = decided.transcodeParams;
    const before = now;
    now = new Date(before.getTime() + 49 * 60 * 60 * 1000);
    try {
      const res = await streamOf(flacId, given, { f: 'json' });
      expect(res.statusCode).toBe(410);
      expect(res.json()['subsonic-response'].error.message).toBe(
        'transcodeParams has expired: ask getTranscodeDecision again',
      );
    } finally {
      now = before;
    }
  });
});

describe("OpenSubsonic's transcoding extension without ffmpeg", () => {
  let t: TestApp;
  let auth: RestParams;
  let mp3: Buffer;
  let mp3Id: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { PATH: '' } });
    const admin = await createAdmin(t);
    auth = { apiKey: await createApiKey(t, await createUser(t)), c: 'no-ffmpeg-test' };
    mp3 = taggedMp3();
    mp3Id = await upload(t, admin, mp3, 'song.mp3');
  });
  afterAll(() => t.close());

  it('is not listed, answers that nothing is transcoded, and still sends the file that plays', async () => {
    const extensions = answerOf(await rest(t, 'getOpenSubsonicExtensions', { f: 'json' }));
    expect(
      (extensions.openSubsonicExtensions as Array<{ name: string }>).map(({ name }) => name),
    ).not.toContain('transcoding');

    const params = { ...auth, mediaId: mp3Id, mediaType: 'song', f: 'json' };
    const flacOnly = clientInfo({
      directPlayProfiles: [{ containers: ['flac'], audioCodecs: ['flac'], protocols: [] }],
    });
    const refused = answerOf(await postDecision(t, params, flacOnly)).transcodeDecision as Json;
    checkOpenSubsonicSchema('TranscodeDecision', refused);
    expect(refused).toMatchObject({
      canDirectPlay: false,
      canTranscode: false,
      errorReason:
        'No direct play profile fits this song, and this server cannot transcode (no ffmpeg)',
    });
    expect(refused.transcodeParams).toBeUndefined();

    const played = answerOf(await postDecision(t, params, clientInfo())).transcodeDecision as Json;
    expect(played).toMatchObject({ canDirectPlay: true, canTranscode: false });
    const file = await rest(t, 'getTranscodeStream', {
      ...auth,
      mediaId: mp3Id,
      mediaType: 'song',
      transcodeParams: String(played.transcodeParams),
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(mp3)).toBe(true);
  });
});
