import { describe, expect, it } from 'vitest';
import { genreFromTag } from './genre-from-tag';

describe('genreFromTag', () => {
  it.each([
    ['pop', 'pop'],
    ['ROCK', 'rock'],
    [' Jazz ', 'jazz'],
    ['Classical', 'classical'],
    ['Hip-Hop', 'hip-hop'],
    ['Hip Hop', 'hip-hop'],
    ['hip_hop', 'hip-hop'],
    ['Rap', 'hip-hop'],
    ['Electronic', 'electronic'],
    ['Electronica', 'electronic'],
    ['House', 'electronic'],
    ['Techno', 'electronic'],
    ['Heavy Metal', 'rock'],
    ['Polka', 'other'],
    ['', 'other'],
  ])('maps %j to %s', (tag, genre) => {
    expect(genreFromTag(tag)).toBe(genre);
  });
});
