// The words of a generated library: song, album and artist names as people write them, with
// accents in several languages and about 1% in Japanese, Chinese or Korean.
import {
  FIRST_NAMES as SEED_FIRST_NAMES,
  LAST_NAMES as SEED_LAST_NAMES,
} from '../../apps/server/src/modules/seed/seed-names';
import type { Drawing } from './seeded-random';

/** Title words, in lower case; listeners' queries draw on the same list. */
export const WORDS = (
  'love night heart dance fire summer dream blue light rain city road home time world girl ' +
  'baby sun moon star river ocean wild young gold sweet lonely broken midnight forever ' +
  'paradise electric thunder shadow angel devil heaven highway garden winter spring autumn ' +
  'morning evening silver diamond velvet neon crystal echo memory secret silence freedom ' +
  'journey wonder magic fever honey sugar whiskey cherry lemon coffee paper glass stone ' +
  'mountain valley desert island window mirror candle letter promise story song rhythm ' +
  'melody harmony groove funk soul blues jazz disco rocket satellite galaxy planet ' +
  'tomorrow yesterday today always never together alone running falling flying burning ' +
  'shining dreaming waiting crying calling turning walking talking dancing singing ' +
  'café señorita déjà fiancée naïve über bohème mañana corazón noël ' +
  'canción noche fuego amor lágrimas façade crème rêve été château schön grüße straße ' +
  'mädchen sehnsucht saudade coração canção ação smörgåsbord fjäril højskole'
).split(' ');

/** First and last names of artists and listeners, from many places. */
export const FIRST_NAMES = [
  ...new Set([
    ...'john paul mary anna lucas sofia marco elena david sarah james laura miguel chloe noah emma liam olivia björn zoë renée josé françois ingrid'
      .split(' ')
      .map(capitalise),
    ...SEED_FIRST_NAMES,
  ]),
];
export const LAST_NAMES = [
  ...new Set([
    ...'smith jones brown taylor wilson davies evans thomas johnson roberts walker wright robinson thompson white hughes edwards green hall wood harris lewis martin jackson clarke müller lópez garcía dvořák øster'
      .split(' ')
      .map(capitalise),
    ...SEED_LAST_NAMES,
  ]),
];

/** Words of Japanese, Chinese and Korean titles. */
export const CJK_WORDS = (
  '東京 夜 駆ける 恋 花火 未来 桜 星空 青春 約束 サディスティック 林檎 ' +
  '月亮 爱情 城市 梦想 夜晚 海洋 天空 回忆 ' +
  '사랑 밤 하늘 별 꿈 바다 봄날 너에게'
).split(' ');
const CJK_FAMILY_NAMES = '佐藤 鈴木 高橋 田中 渡辺 王 李 张 刘 陈 김 이 박 최 정'.split(' ');
const CJK_GIVEN_NAMES = '花子 健太 美咲 蓮 陽菜 伟 芳 娜 静 敏 민준 서연 지우 하은 도윤'.split(' ');
const CJK_BANDS = '少女 バンド 楽団 乐队 소년단 クラブ'.split(' ');

const CITIES = 'Paris Berlin Tokyo Montréal São Paulo Reykjavík Zürich Kraków Lisboa Chicago Seoul'
  .split(' ')
  .filter((city) => city !== 'São' && city !== 'Paulo')
  .concat(['São Paulo', 'Ciudad de México', 'New Orleans']);
const BAND_SUFFIXES = ['Collective', 'Trio', 'Quartet', 'Orchestra', 'Band', 'Project', 'Club'];
const TITLE_TAILS = [
  '(Live)',
  '(Acoustic)',
  '(Remastered 2011)',
  '- Radio Edit',
  '(Demo)',
  'Pt. II',
  '(Extended Mix)',
];
const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X'];

export function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function phrase(draw: Drawing, min: number, max: number): string {
  return Array.from({ length: draw.int(min, max) }, () => capitalise(draw.pick(WORDS))).join(' ');
}

function cjkPhrase(draw: Drawing): string {
  return Array.from({ length: draw.int(1, 3) }, () => draw.pick(CJK_WORDS)).join('');
}

/** A song title: 1–4 words, now and then a version, about 1% in a CJK script. */
export function songTitle(draw: Drawing): string {
  if (draw.chance(0.01)) return cjkPhrase(draw);
  const title = phrase(draw, 1, 4);
  return draw.chance(0.04) ? `${title} ${draw.pick(TITLE_TAILS)}` : title;
}

/** An album title (a new one is drawn when an artist already has an album of that name). */
export function albumTitle(draw: Drawing): string {
  if (draw.chance(0.01)) return cjkPhrase(draw);
  const kind = draw.random();
  if (kind < 0.04) return `Live in ${draw.pick(CITIES)}`;
  if (kind < 0.07) return `${phrase(draw, 1, 2)} Sessions`;
  if (kind < 0.1) return `${phrase(draw, 1, 2)}, Vol. ${draw.int(1, 4)}`;
  return phrase(draw, 1, 3);
}

/**
 * An artist's name, of the shapes artists take (a person, "The …", a band, "DJ …"), about 1%
 * in a CJK script. `attempt` > 3 adds a numeral, so that a large library still finds unused
 * names once the plain ones run short.
 */
export function artistName(draw: Drawing, attempt: number): string {
  const name = plainArtistName(draw);
  return attempt > 3 ? `${name} ${draw.pick(ROMAN)}${attempt > 6 ? ` ${attempt}` : ''}` : name;
}

function plainArtistName(draw: Drawing): string {
  if (draw.chance(0.01)) {
    return draw.chance(0.2)
      ? `${draw.pick(CJK_WORDS)}${draw.pick(CJK_BANDS)}`
      : `${draw.pick(CJK_FAMILY_NAMES)}${draw.pick(CJK_GIVEN_NAMES)}`;
  }
  const kind = draw.random();
  if (kind < 0.4) return `${draw.pick(FIRST_NAMES)} ${draw.pick(LAST_NAMES)}`;
  if (kind < 0.6) return `The ${phrase(draw, 1, 2)}`;
  if (kind < 0.8) return phrase(draw, 2, 2);
  if (kind < 0.85) return `DJ ${capitalise(draw.pick(WORDS))}`;
  if (kind < 0.92) return `${phrase(draw, 1, 1)} ${draw.pick(BAND_SUFFIXES)}`;
  if (kind < 0.96) return `${draw.pick(FIRST_NAMES)} & the ${phrase(draw, 1, 1)}s`;
  return `${draw.pick(LAST_NAMES)} ${draw.pick(LAST_NAMES)}`;
}

/** A playlist's name, as listeners call them. */
export function playlistName(draw: Drawing): string {
  const kind = draw.random();
  if (kind < 0.3) return phrase(draw, 1, 3);
  if (kind < 0.5) return `${capitalise(draw.pick(WORDS))} mix`;
  if (kind < 0.65) return `Summer ${draw.int(2015, 2026)}`;
  if (kind < 0.8) return draw.pick(['Workout', 'Road trip', 'Chill', 'Focus', 'Party', 'Sleep']);
  if (kind < 0.99) return `${draw.pick(FIRST_NAMES)}'s favourites`;
  return cjkPhrase(draw);
}
