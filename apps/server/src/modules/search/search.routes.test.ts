import type { Song } from '@cadenza/contract/songs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories';
import { createSongRow } from '../../../test/song-rows';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let headers: { authorization: string };

// Inserted oldest first: within a rank, the newest song comes first.
const LIBRARY = [
  { title: 'Come Together', artist: 'The Beatles', album: 'Abbey Road', genre: 'rock' },
  { title: 'Halo', artist: 'Beyoncé', album: 'I Am... Sasha Fierce', genre: 'pop' },
  { title: 'Ace of Spades', artist: 'Motörhead', album: 'Ace of Spades', genre: 'rock' },
  { title: 'Beat It', artist: 'Michael Jackson', album: 'Thriller', genre: 'pop' },
  { title: 'Beautiful Day', artist: 'U2', album: "All That You Can't Leave Behind", genre: 'rock' },
  { title: 'Here Comes the Sun', artist: 'The Beatles', album: 'Abbey Road', genre: 'rock' },
  { title: '夜に駆ける', artist: 'YOASOBI', album: 'THE BOOK', genre: 'pop' },
  { title: '丸の内サディスティック', artist: '椎名林檎', album: '無罪モラトリアム', genre: 'pop' },
  { title: 'Take Five', artist: 'Dave Brubeck Quartet', album: 'Time Out', genre: 'jazz' },
  { title: 'So What', artist: 'Miles Davis', album: 'Kind of Blue', genre: 'jazz' },
  { title: 'Jazz Police', artist: 'Leonard Cohen', album: "I'm Your Man", genre: 'other' },
  { title: 'Beatbox Dreams', artist: 'Electric Youth', album: 'Beats', genre: 'electronic' },
] as const;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await createUser(t));
  for (const song of LIBRARY) await createSongRow(t, song);
});
afterAll(() => t.close());

async function search(query: string) {
  return t.app.inject({ method: 'GET', url: '/api/user/songs/search', query: { query }, headers });
}

async function titlesFor(query: string): Promise<string[]> {
  const res = await search(query);
  expect(res.statusCode).toBe(200);
  return res.json<{ data: Song[] }>().data.map((song) => song.title);
}

describe('GET /api/user/songs/search', () => {
  it('answers whole songs with playable URLs', async () => {
    const res = await search('halo');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ success: boolean; data: Song[] }>();
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toMatchObject({
      title: 'Halo',
      artist: 'Beyoncé',
      album: 'I Am... Sasha Fierce',
      genre: 'pop',
      coverImage: '/media/defaults/song.jpg',
    });
    expect(body.data[0]?.audioFile).toMatch(/^\/media\/audio\/.+\?expires=\d+&signature=/);
  });

  it('ignores case', async () => {
    expect(await titlesFor('COME together')).toEqual(['Come Together']);
  });

  it('ignores accents on either side', async () => {
    expect(await titlesFor('beyonce')).toEqual(['Halo']);
    expect(await titlesFor('BEYONCÉ')).toEqual(['Halo']);
    expect(await titlesFor('MOTORHEAD')).toEqual(['Ace of Spades']);
    expect(await titlesFor('motörhead')).toEqual(['Ace of Spades']);
  });

  it('matches title, artist, album and genre', async () => {
    expect(await titlesFor('together')).toEqual(['Come Together']);
    expect(await titlesFor('brubeck')).toEqual(['Take Five']);
    expect(await titlesFor('thriller')).toEqual(['Beat It']);
    expect(await titlesFor('electronic')).toEqual(['Beatbox Dreams']);
  });

  it('treats each word as a prefix and needs every word', async () => {
    expect(await titlesFor('beat abb')).toEqual(['Here Comes the Sun', 'Come Together']);
    expect(await titlesFor('beat thri')).toEqual(['Beat It']);
    expect(await titlesFor('beat blue')).toEqual([]);
  });

  it('ranks title matches first, then artist, album and genre, newest first within each', async () => {
    expect(await titlesFor('beat')).toEqual([
      'Beatbox Dreams',
      'Beat It',
      'Here Comes the Sun',
      'Come Together',
    ]);
    expect(await titlesFor('jazz')).toEqual(['Jazz Police', 'So What', 'Take Five']);
    expect(await titlesFor('ace')).toEqual(['Ace of Spades']);
  });

  it('finds text inside words of scripts written without spaces', async () => {
    expect(await titlesFor('駆ける')).toEqual(['夜に駆ける']);
    expect(await titlesFor('サディスティック')).toEqual(['丸の内サディスティック']);
    expect(await titlesFor('林檎')).toEqual(['丸の内サディスティック']);
    expect(await titlesFor('東京')).toEqual([]);
  });

  it('retries a short query that matched no word start as text inside words', async () => {
    expect(await titlesFor('tles')).toEqual(['Here Comes the Sun', 'Come Together']);
  });

  it('is 400 with a message for a blank or missing query', async () => {
    for (const query of ['', '   ', '\t\n']) {
      const res = await search(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Please enter something to search for.',
      });
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/user/songs/search', headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      success: false,
      message: 'Please enter something to search for.',
    });
  });

  it('is 400 with a field message for text holding a NUL character, on either database', async () => {
    for (const query of ['\u0000', '\u0000beat', 'beat\u0000']) {
      const res = await search(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'invalid_input',
        message: 'Search text must not contain NUL characters',
        errors: [
          {
            field: 'query',
            code: expect.any(String),
            message: 'Search text must not contain NUL characters',
          },
        ],
      });
    }
  });

  it('is 400 with a message for a query longer than 200 characters', async () => {
    const res = await search('a'.repeat(10_000));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Search text must be at most 200 characters.',
    });
  });

  it('treats punctuation, quotes and query syntax as plain word breaks', async () => {
    const hostile = [
      '"',
      "'",
      '*',
      '"beat"*',
      'beat*',
      'NEAR(beat abbey',
      'beat OR halo',
      'beat NOT halo',
      '-beat',
      'title:beat',
      '{title}: beat',
      'beat & | ! ( ) <-> :*',
      "'; DROP TABLE songs; --",
      '%',
      '_',
      '%_%',
      '\\',
      'beat\\',
      '🎸🥁',
      'NEAR(beat, 2) "abbey"*',
      'beat^2 +abbey -halo',
      '  beat  ',
      'a b c d e f g h i j k l m n o p',
    ];
    for (const query of hostile) {
      const res = await search(query);
      expect(res.statusCode, query).toBe(200);
      expect(res.json(), query).toMatchObject({ success: true });
    }
    expect(await titlesFor('"beat" (abbey)')).toEqual(['Here Comes the Sun', 'Come Together']);
    expect(await titlesFor('beat OR halo')).toEqual([]);
    expect(await titlesFor("'; DROP TABLE songs; --")).toEqual([]);
    expect(await titlesFor('%')).toEqual([]);
    expect(await titlesFor('beat*')).toEqual(await titlesFor('beat'));
    const songs = await t.database.db
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(songs.count)).toBe(LIBRARY.length);
  });

  it('is 401 for a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/songs/search?query=beat' });
    expect(res.statusCode).toBe(401);
  });
});

describe('search results follow changes to songs', () => {
  it('finds a song under its new title after an update and not at all after a delete', async () => {
    const song = await createSongRow(t, { title: 'Ephemeral Tune', artist: 'Nobody Known' });
    expect(await titlesFor('ephemeral')).toEqual(['Ephemeral Tune']);

    await t.database.db
      .updateTable('songs')
      .set({ title: 'Lasting Melody' })
      .where('id', '=', song.id)
      .execute();
    expect(await titlesFor('ephemeral')).toEqual([]);
    expect(await titlesFor('lasting nobody')).toEqual(['Lasting Melody']);

    await t.database.db.deleteFrom('songs').where('id', '=', song.id).execute();
    expect(await titlesFor('lasting')).toEqual([]);
    expect(await titlesFor('nobody')).toEqual([]);
  });

  it('orders by creation time, then id, whatever order the songs were added or changed in', async () => {
    await createSongRow(t, { title: 'Walrus Early', createdAt: '2020-06-01T00:00:00.000Z' });
    await createSongRow(t, { title: 'Walrus Late', createdAt: '2030-06-01T00:00:00.000Z' });
    await createSongRow(t, { title: 'Walrus Middle', createdAt: '2025-06-01T00:00:00.500Z' });
    expect(await titlesFor('walrus')).toEqual(['Walrus Late', 'Walrus Middle', 'Walrus Early']);

    // 60 songs given one creation time, the highest id first: the newest 50 are those with the
    // highest ids, whichever were changed first.
    const songs = [];
    for (let index = 0; index < 60; index += 1) {
      songs.push(await createSongRow(t, { title: `Zebra Waltz ${index}` }));
    }
    for (const song of songs.toReversed()) {
      await t.database.db
        .updateTable('songs')
        .set({ created_at: '2031-01-01T00:00:00.000Z' })
        .where('id', '=', song.id)
        .execute();
    }
    const titles = await titlesFor('zebra');
    expect(titles).toEqual(
      songs
        .toSorted((a, b) => (a.id < b.id ? 1 : -1))
        .slice(0, 50)
        .map((song) => song.title),
    );
    expect(titles[0]).toBe('Zebra Waltz 59');
  });

  it('answers at most 50 songs', async () => {
    for (let index = 0; index < 60; index += 1) {
      await createSongRow(t, { title: `Quokka Anthem ${index}`, artist: 'Limit Tester' });
    }
    const titles = await titlesFor('quokka');
    expect(titles).toHaveLength(50);
    expect(titles[0]).toBe('Quokka Anthem 59');
  });
});

describe('text inside words of scripts written without spaces', () => {
  // Inserted oldest first, after the library above.
  const CJK_LIBRARY = [
    { title: '東京フラワー', artist: 'ミレイ', album: '東京物語集', genre: 'pop' },
    { title: '月亮代表我的心', artist: '邓丽君', album: '淡淡幽情', genre: 'pop' },
    { title: '강남스타일', artist: '싸이', album: '싸이6甲', genre: 'hip-hop' },
    { title: '밤양갱', artist: '비비', album: '밤양갱', genre: 'pop' },
    { title: 'Love Story 東京夜曲', artist: 'Tokyo 夜曲 Band', album: null, genre: 'jazz' },
    { title: '夜曲', artist: '周杰伦', album: '十一月的萧邦', genre: 'pop' },
    { title: 'Night Flight', artist: '東京事変', album: '大人 (アダルト)', genre: 'rock' },
  ] as const;

  beforeAll(async () => {
    for (const song of CJK_LIBRARY) await createSongRow(t, song);
  });

  it('finds Japanese, Chinese and Korean text in the middle of titles, artists and albums', async () => {
    expect(await titlesFor('代表我')).toEqual(['月亮代表我的心']);
    expect(await titlesFor('남스타')).toEqual(['강남스타일']);
    expect(await titlesFor('邓丽君')).toEqual(['月亮代表我的心']);
    expect(await titlesFor('ミレイ')).toEqual(['東京フラワー']);
    expect(await titlesFor('物語集')).toEqual(['東京フラワー']);
    expect(await titlesFor('싸이6')).toEqual(['강남스타일']);
    expect(await titlesFor('東京夜曲')).toEqual(['Love Story 東京夜曲']);
  });

  it('ranks title matches first, then artist and album, newest first within each', async () => {
    expect(await titlesFor('東京')).toEqual([
      'Love Story 東京夜曲',
      '東京フラワー',
      'Night Flight',
    ]);
    expect(await titlesFor('夜曲')).toEqual(['夜曲', 'Love Story 東京夜曲']);
    expect(await titlesFor('東京事変')).toEqual(['Night Flight']);
  });

  it('finds one or two characters among recent songs', async () => {
    expect(await titlesFor('밤양')).toEqual(['밤양갱']);
    expect(await titlesFor('曲')).toEqual(['夜曲', 'Love Story 東京夜曲']);
  });

  it('mixes Latin and CJK words, in one field or spread over several', async () => {
    expect(await titlesFor('東京夜曲 TOKYO')).toEqual(['Love Story 東京夜曲']);
    expect(await titlesFor('ry 東京夜')).toEqual(['Love Story 東京夜曲']);
    expect(await titlesFor('night 東京事変')).toEqual(['Night Flight']);
    expect(await titlesFor('story東京')).toEqual([]);
  });

  it('answers nothing for text no song holds', async () => {
    expect(await titlesFor('東京タワー')).toEqual([]);
    expect(await titlesFor('사랑해요')).toEqual([]);
    expect(await titlesFor('代表你')).toEqual([]);
    expect(await titlesFor('林檎 夜曲')).toEqual([]);
  });

  it('follows updates and deletes of songs', async () => {
    const song = await createSongRow(t, { title: '遥か彼方へ', artist: '旅人' });
    expect(await titlesFor('か彼方')).toEqual(['遥か彼方へ']);

    await t.database.db
      .updateTable('songs')
      .set({ title: '近くの町' })
      .where('id', '=', song.id)
      .execute();
    expect(await titlesFor('か彼方')).toEqual([]);
    expect(await titlesFor('くの町')).toEqual(['近くの町']);

    await t.database.db
      .updateTable('songs')
      .set({ created_at: '2019-01-01T00:00:00.000Z' })
      .where('id', '=', song.id)
      .execute();
    expect(await titlesFor('くの町')).toEqual(['近くの町']);

    await t.database.db.deleteFrom('songs').where('id', '=', song.id).execute();
    expect(await titlesFor('くの町')).toEqual([]);
    expect(await titlesFor('旅人')).toEqual([]);
  });
});
