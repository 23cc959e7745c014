import { GENRES, type Genre } from '@cadenza/contract/songs';

/** Tag genres that name one of ours differently (compared in lower case, spaces and dashes alike). */
const SYNONYMS: Record<string, Genre> = {
  'hip hop': 'hip-hop',
  hiphop: 'hip-hop',
  rap: 'hip-hop',
  'gangsta rap': 'hip-hop',
  trap: 'hip-hop',
  electronica: 'electronic',
  electro: 'electronic',
  house: 'electronic',
  techno: 'electronic',
  trance: 'electronic',
  edm: 'electronic',
  dubstep: 'electronic',
  'drum and bass': 'electronic',
  'drum & bass': 'electronic',
  ambient: 'electronic',
  synthpop: 'pop',
  'synth pop': 'pop',
  'indie pop': 'pop',
  'k pop': 'pop',
  'hard rock': 'rock',
  'alternative rock': 'rock',
  'indie rock': 'rock',
  'punk rock': 'rock',
  metal: 'rock',
  'heavy metal': 'rock',
  punk: 'rock',
  grunge: 'rock',
  'smooth jazz': 'jazz',
  'acid jazz': 'jazz',
  bebop: 'jazz',
  swing: 'jazz',
  orchestral: 'classical',
  baroque: 'classical',
  opera: 'classical',
  symphony: 'classical',
  chamber: 'classical',
};

const GENRE_NAMES = new Set<string>(GENRES);

/** One of the seven genres for a genre tag as files carry it ('Hip Hop', 'Techno'…); else other. */
export function genreFromTag(tag: string): Genre {
  const name = tag
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  const hyphenated = name.replace(/ /g, '-');
  if (GENRE_NAMES.has(hyphenated)) return hyphenated as Genre;
  return SYNONYMS[name] ?? 'other';
}
