/**
 * A cron schedule (`minute hour day-of-month month day-of-week`, in the server's time zone) as
 * BACKUP_SCHEDULE takes it: numbers, `*`, lists (`1,15`), ranges (`1-5`) and steps (`*\/6`),
 * or one of `@hourly`, `@daily`, `@weekly`, `@monthly`.
 */
export interface CronSchedule {
  readonly text: string;
  readonly minutes: ReadonlySet<number>;
  readonly hours: ReadonlySet<number>;
  readonly days: ReadonlySet<number>;
  readonly months: ReadonlySet<number>;
  readonly weekdays: ReadonlySet<number>;
  /** Cron's rule: with both days restricted, a time matches either of them. */
  readonly eitherDay: boolean;
}

const NAMED: Readonly<Record<string, string>> = {
  '@hourly': '0 * * * *',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@weekly': '0 0 * * 0',
  '@monthly': '0 0 1 * *',
};

const FIELDS = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of the month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12 },
  { name: 'day of the week', min: 0, max: 7 },
] as const;

/** Why a schedule cannot be read; the configuration names the variable with it. */
export class CronScheduleError extends Error {}

function parseField(text: string, field: (typeof FIELDS)[number]): Set<number> {
  const values = new Set<number>();
  const bad = () =>
    new CronScheduleError(
      `has "${text}" for the ${field.name}, which takes ${field.min}-${field.max}, *, lists, ranges and steps`,
    );
  for (const part of text.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw bad();
    const [, whole, from, to, step] = match;
    const start = whole === '*' ? field.min : Number(from);
    const end =
      whole === '*' ? field.max : to !== undefined ? Number(to) : step ? field.max : start;
    const by = step === undefined ? 1 : Number(step);
    if (start < field.min || end > field.max || start > end || by < 1) throw bad();
    for (let value = start; value <= end; value += by) values.add(value);
  }
  return values;
}

export function parseCronSchedule(text: string): CronSchedule {
  const expanded = NAMED[text.trim().toLowerCase()] ?? text.trim();
  const parts = expanded.split(/\s+/);
  if (parts.length !== FIELDS.length) {
    throw new CronScheduleError(
      'must be a cron schedule of five fields (minute hour day month weekday), such as "30 3 * * *", or @daily',
    );
  }
  const [minutes, hours, days, months, weekdays] = FIELDS.map((field, index) =>
    parseField(parts[index] ?? '', field),
  ) as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
  if (weekdays.delete(7)) weekdays.add(0); // 7 is Sunday too
  return {
    text,
    minutes,
    hours,
    days,
    months,
    weekdays,
    eitherDay: parts[2] !== '*' && parts[4] !== '*',
  };
}

function dayMatches(schedule: CronSchedule, at: Date): boolean {
  const day = schedule.days.has(at.getDate());
  const weekday = schedule.weekdays.has(at.getDay());
  return schedule.eitherDay ? day || weekday : day && weekday;
}

/** The first minute after `after` the schedule names (within about four years), else null. */
export function nextCronRun(schedule: CronSchedule, after: Date): Date | null {
  const at = new Date(after);
  at.setSeconds(0, 0);
  at.setMinutes(at.getMinutes() + 1);
  const limit = after.getTime() + 4 * 366 * 24 * 3600 * 1000;
  while (at.getTime() <= limit) {
    if (!schedule.months.has(at.getMonth() + 1)) {
      at.setMonth(at.getMonth() + 1, 1);
      at.setHours(0, 0, 0, 0);
    } else if (!dayMatches(schedule, at)) {
      at.setDate(at.getDate() + 1);
      at.setHours(0, 0, 0, 0);
    } else if (!schedule.hours.has(at.getHours())) {
      at.setHours(at.getHours() + 1, 0, 0, 0);
    } else if (!schedule.minutes.has(at.getMinutes())) {
      at.setMinutes(at.getMinutes() + 1, 0, 0);
    } else {
      return at;
    }
  }
  return null;
}
