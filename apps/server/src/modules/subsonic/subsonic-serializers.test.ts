import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { toJson, toJsonp, toXml } from './subsonic-serializers';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  textNodeName: 'value',
  parseAttributeValue: false,
  parseTagValue: false,
  htmlEntities: true,
});

describe('Subsonic serialisers', () => {
  const hostile = 'Tom & "Jerry" <b>\u0000\u0007 \uD800 ok\nnext';
  const envelope = {
    status: 'ok' as const,
    payload: {
      song: { id: 'tr-1', title: hostile, starred: undefined, genres: [{ name: 'rock' }] },
      extensions: [{ name: 'formPost', versions: [1, 2] }],
      lyrics: { artist: 'A', value: hostile },
    },
  };

  it('writes well-formed XML whatever a tag holds, dropping what XML cannot hold', () => {
    const xml = toXml(envelope);
    expect(XMLValidator.validate(xml)).toBe(true);
    const root = parser.parse(xml)['subsonic-response'];
    expect(root).toMatchObject({
      xmlns: 'http://subsonic.org/restapi',
      status: 'ok',
      version: '1.16.1',
      type: 'cadenza',
      openSubsonic: 'true',
    });
    expect(root.song.title).toBe('Tom & "Jerry" <b>  ok\nnext');
    expect(root.song).not.toHaveProperty('starred');
    expect(root.song.genres).toEqual({ name: 'rock' });
    expect(root.extensions).toEqual({ name: 'formPost', versions: ['1', '2'] });
    expect(root.lyrics).toEqual({ artist: 'A', value: 'Tom & "Jerry" <b>  ok\nnext' });
  });

  it('writes JSON in the subsonic-response wrapper, and JSONP around it', () => {
    const json = JSON.parse(toJson(envelope))['subsonic-response'];
    expect(json).toMatchObject({ status: 'ok', openSubsonic: true, type: 'cadenza' });
    expect(json.song.title).toBe(hostile);
    expect(json.extensions).toEqual([{ name: 'formPost', versions: [1, 2] }]);
    expect(toJsonp(envelope, 'cb')).toBe(`cb(${toJson(envelope)});`);
  });
});
