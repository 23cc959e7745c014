import type { YearInMusic } from '@cadenza/contract/listening-stats';
import { palettes, tokens } from '@/lib/design-tokens';
import { formatCount, hourLabel, minutesOf, monthName, streakText, WEEKDAYS } from './stats-format';

/**
 * A year in music as a picture to share (1080 × 1350, a phone's portrait post): laid out here as
 * a list of rectangles and lines of text, then painted by `paintRecap` onto any 2D canvas.
 */

export const RECAP_WIDTH = 1080;
export const RECAP_HEIGHT = 1350;

export type DrawInstruction =
  | { kind: 'rect'; x: number; y: number; width: number; height: number; color: string }
  | {
      kind: 'text';
      text: string;
      x: number;
      y: number;
      font: string;
      color: string;
      align: 'left' | 'center' | 'right';
    };

const MARGIN = 80;
const COLUMN_GAP = 40;
const COLUMN_WIDTH = (RECAP_WIDTH - 2 * MARGIN - COLUMN_GAP) / 2;
const FONT = tokens.fontFamily;
/** The picture keeps the product's own dark look, whichever theme the page is in. */
const COLOURS = palettes.dark;
/** Characters of a name that fit a column at the list's size. */
const NAME_LENGTH = 26;

const CHART_TOP = 990;
const CHART_HEIGHT = 150;
const BAR_GAP = 12;

const font = (size: number, weight: 400 | 700 | 800 = 400) => `${weight} ${size}px ${FONT}`;

/** `text` cut to `length` characters, an ellipsis in place of what was cut. */
export function clip(text: string, length: number): string {
  const characters = [...text];
  return characters.length <= length ? text : `${characters.slice(0, length - 1).join('')}…`;
}

function text(
  value: string,
  x: number,
  y: number,
  size: number,
  options: { weight?: 400 | 700 | 800; color?: string; align?: 'left' | 'center' | 'right' } = {},
): DrawInstruction {
  return {
    kind: 'text',
    text: value,
    x,
    y,
    font: font(size, options.weight),
    color: options.color ?? COLOURS.textPrimary,
    align: options.align ?? 'left',
  };
}

function figures(recap: YearInMusic): DrawInstruction[] {
  const { totals } = recap;
  const small = [
    ['plays', totals.plays],
    ['days', totals.days],
    ['songs', totals.songs],
    ['artists', totals.artists],
  ] as const;
  const width = (RECAP_WIDTH - 2 * MARGIN) / small.length;
  return [
    text(formatCount(minutesOf(totals.seconds)), MARGIN, 370, 120, { weight: 800 }),
    text('minutes listened', MARGIN, 420, 36, { color: COLOURS.textSecondary }),
    ...small.flatMap(([label, count], index) => [
      text(formatCount(count), MARGIN + index * width, 530, 64, { weight: 800 }),
      text(label, MARGIN + index * width, 575, 30, { color: COLOURS.textSecondary }),
    ]),
  ];
}

function topList(title: string, names: readonly string[], x: number): DrawInstruction[] {
  return [
    text(title, x, 680, 34, { weight: 700, color: COLOURS.primary }),
    ...names.map((name, index) =>
      text(`${index + 1}  ${clip(name, NAME_LENGTH)}`, x, 735 + index * 48, 30),
    ),
  ];
}

function monthBars(recap: YearInMusic): DrawInstruction[] {
  const most = Math.max(1, ...recap.months.map((month) => month.seconds));
  const width = (RECAP_WIDTH - 2 * MARGIN - BAR_GAP * (recap.months.length - 1)) / 12;
  return [
    text('Minutes by month', MARGIN, CHART_TOP - 30, 30, { weight: 700 }),
    ...recap.months.flatMap((month, index) => {
      const height = Math.round((month.seconds / most) * CHART_HEIGHT);
      const x = MARGIN + index * (width + BAR_GAP);
      const bottom = CHART_TOP + CHART_HEIGHT;
      return [
        {
          kind: 'rect',
          x,
          y: bottom - height,
          width,
          height,
          color: COLOURS.primary,
        } satisfies DrawInstruction,
        text(monthName(month.month).charAt(0), x + width / 2, bottom + 36, 26, {
          color: COLOURS.textSecondary,
          align: 'center',
        }),
      ];
    }),
  ];
}

function highlights(recap: YearInMusic): DrawInstruction[] {
  const favourites = [
    recap.favouriteHour !== null && `Favourite hour ${hourLabel(recap.favouriteHour)}`,
    recap.favouriteWeekday !== null && `Favourite day ${WEEKDAYS[recap.favouriteWeekday] ?? ''}`,
  ].filter((part) => typeof part === 'string');
  const genre = recap.topGenres[0]?.genre.name;
  const lines = [
    favourites.join(' · '),
    genre === undefined ? '' : `Top genre ${clip(genre, NAME_LENGTH)}`,
    `Longest streak ${streakText(recap.longestStreak)}`,
  ].filter((line) => line.length > 0);
  return lines.map((line, index) =>
    text(line, MARGIN, 1230 + index * 40, 28, { color: COLOURS.textSecondary }),
  );
}

/** Everything the picture of `recap` is made of, in the order to paint it. */
export function recapDrawing(recap: YearInMusic): DrawInstruction[] {
  return [
    {
      kind: 'rect',
      x: 0,
      y: 0,
      width: RECAP_WIDTH,
      height: RECAP_HEIGHT,
      color: COLOURS.background,
    },
    { kind: 'rect', x: 0, y: 0, width: RECAP_WIDTH, height: 12, color: COLOURS.primary },
    text('Cadenza', MARGIN, 120, 36, { weight: 700, color: COLOURS.primary }),
    text(`Your ${recap.year} in music`, MARGIN, 210, 72, { weight: 800 }),
    ...figures(recap),
    ...topList(
      'Top songs',
      recap.topSongs.map(({ song }) => song.title),
      MARGIN,
    ),
    ...topList(
      'Top artists',
      recap.topArtists.map(({ artist }) => artist.name),
      MARGIN + COLUMN_WIDTH + COLUMN_GAP,
    ),
    ...monthBars(recap),
    ...highlights(recap),
  ];
}

/** What of a canvas's 2D context painting a recap uses. */
export type RecapCanvas = Pick<
  CanvasRenderingContext2D,
  'fillStyle' | 'font' | 'textAlign' | 'textBaseline' | 'fillRect' | 'fillText'
>;

export function paintRecap(context: RecapCanvas, instructions: readonly DrawInstruction[]): void {
  context.textBaseline = 'alphabetic';
  for (const instruction of instructions) {
    context.fillStyle = instruction.color;
    if (instruction.kind === 'rect') {
      context.fillRect(instruction.x, instruction.y, instruction.width, instruction.height);
    } else {
      context.font = instruction.font;
      context.textAlign = instruction.align;
      context.fillText(instruction.text, instruction.x, instruction.y);
    }
  }
}
