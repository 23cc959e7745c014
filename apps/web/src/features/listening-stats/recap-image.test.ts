import type { YearInMusic } from '@cadenza/contract/listening-stats';
import { describe, expect, it, vi } from 'vitest';
import { makeSong } from '@/test/mock-api/factories';
import {
  clip,
  paintRecap,
  RECAP_HEIGHT,
  RECAP_WIDTH,
  recapDrawing,
  type DrawInstruction,
  type RecapCanvas,
} from './recap-image';

const listened = { plays: 3, seconds: 900 };

function makeRecap(overrides: Partial<YearInMusic> = {}): YearInMusic {
  const months = Array.from({ length: 12 }, (_, index) => ({
    month: `2025-${String(index + 1).padStart(2, '0')}`,
    plays: 0,
    seconds: 0,
  }));
  months[2] = { month: '2025-03', plays: 10, seconds: 6000 };
  months[5] = { month: '2025-06', plays: 5, seconds: 3000 };
  return {
    year: 2025,
    timeZone: 'Europe/Paris',
    totals: { plays: 15, seconds: 74_240, days: 9, songs: 7, artists: 4 },
    topSongs: [
      { song: makeSong('1', { title: 'Blue Train' }), ...listened },
      {
        song: makeSong('2', { title: 'A title far too long to fit in its column of the picture' }),
        ...listened,
      },
    ],
    topArtists: [
      {
        artist: {
          _id: 'a1',
          name: 'John Coltrane',
          sortName: 'Coltrane, John',
          albumCount: 1,
          songCount: 2,
          imageUrl: '/media/images/a1.jpg',
        },
        ...listened,
      },
    ],
    topAlbums: [],
    topGenres: [{ genre: { _id: 'genre-jazz', name: 'Jazz' }, ...listened }],
    discoveries: { artistCount: 0, songCount: 0, artists: [] },
    months,
    busiestDay: { day: '2025-03-01', plays: 6, seconds: 3600 },
    favouriteHour: 14,
    favouriteWeekday: 5,
    longestStreak: { days: 3, from: '2025-03-01', to: '2025-03-03' },
    ...overrides,
  };
}

const texts = (instructions: DrawInstruction[]) =>
  instructions.flatMap((instruction) => (instruction.kind === 'text' ? [instruction.text] : []));

const bars = (instructions: DrawInstruction[]) =>
  instructions.filter(
    (instruction): instruction is Extract<DrawInstruction, { kind: 'rect' }> =>
      // The background and the band along the top start at the top edge; the bars do not.
      instruction.kind === 'rect' && instruction.y > 0,
  );

describe('the picture of a year in music', () => {
  it('tells the year, its figures, its top songs and artists and its highlights', () => {
    const lines = texts(recapDrawing(makeRecap()));
    expect(lines).toEqual(
      expect.arrayContaining([
        'Your 2025 in music',
        '1,237',
        'minutes listened',
        '15',
        'plays',
        '9',
        'days',
        'Top songs',
        '1  Blue Train',
        '2  A title far too long to f…',
        'Top artists',
        '1  John Coltrane',
        'Favourite hour 14:00 · Favourite day Saturday',
        'Top genre Jazz',
        'Longest streak 3 days · 1–3 Mar',
      ]),
    );
  });

  it('draws a bar a month, as tall as its minutes against the busiest month', () => {
    const drawn = bars(recapDrawing(makeRecap()));
    expect(drawn).toHaveLength(12);
    const heights = drawn.map((bar) => bar.height);
    expect(heights[2]).toBe(Math.max(...heights));
    expect(heights[5]).toBe(Math.round((heights[2] ?? 0) / 2));
    expect(heights.filter((height) => height === 0)).toHaveLength(10);
    // Left to right, January first, all on one baseline.
    const lefts = drawn.map((bar) => bar.x);
    expect(lefts).toEqual([...lefts].sort((a, b) => a - b));
    expect(new Set(drawn.map((bar) => bar.y + bar.height)).size).toBe(1);
  });

  it('keeps everything inside the picture', () => {
    for (const instruction of recapDrawing(makeRecap())) {
      expect(instruction.x).toBeGreaterThanOrEqual(0);
      expect(instruction.y).toBeGreaterThanOrEqual(0);
      expect(instruction.x).toBeLessThanOrEqual(RECAP_WIDTH);
      expect(instruction.y).toBeLessThanOrEqual(RECAP_HEIGHT);
      if (instruction.kind === 'rect') {
        expect(instruction.x + instruction.width).toBeLessThanOrEqual(RECAP_WIDTH);
        expect(instruction.y + instruction.height).toBeLessThanOrEqual(RECAP_HEIGHT);
      }
    }
  });

  it('leaves out the favourites and the genre a year does not have', () => {
    const lines = texts(
      recapDrawing(makeRecap({ favouriteHour: null, favouriteWeekday: null, topGenres: [] })),
    );
    expect(lines.some((line) => line.startsWith('Favourite'))).toBe(false);
    expect(lines.some((line) => line.startsWith('Top genre'))).toBe(false);
  });

  it('cuts a name to its length with an ellipsis', () => {
    expect(clip('Blue Train', 26)).toBe('Blue Train');
    expect(clip('abcdef', 4)).toBe('abc…');
  });

  it('paints rectangles and text with their colours and fonts', () => {
    const context = {
      fillStyle: '',
      font: '',
      textAlign: 'left',
      textBaseline: 'top',
      fillRect: vi.fn(),
      fillText: vi.fn(),
    } satisfies RecapCanvas;
    paintRecap(context, [
      { kind: 'rect', x: 0, y: 0, width: 10, height: 20, color: '#000' },
      {
        kind: 'text',
        text: 'Hi',
        x: 5,
        y: 6,
        font: '700 30px serif',
        color: '#fff',
        align: 'center',
      },
    ]);
    expect(context.fillRect).toHaveBeenCalledWith(0, 0, 10, 20);
    expect(context.fillText).toHaveBeenCalledWith('Hi', 5, 6);
    expect(context).toMatchObject({
      fillStyle: '#fff',
      font: '700 30px serif',
      textAlign: 'center',
    });
  });
});
