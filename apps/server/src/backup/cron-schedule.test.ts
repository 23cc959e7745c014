import { describe, expect, it } from 'vitest';
import { CronScheduleError, nextCronRun, parseCronSchedule } from './cron-schedule';

/** Local times, as the schedule reads them (the server's time zone). */
const at = (text: string) => new Date(text);
const next = (schedule: string, after: string) =>
  nextCronRun(parseCronSchedule(schedule), at(after))?.toString();

describe('BACKUP_SCHEDULE as cron reads it', () => {
  it('names the next minute each schedule takes', () => {
    expect(next('30 3 * * *', '2026-12-01T02:00:00')).toBe(at('2026-12-01T03:30:00').toString());
    expect(next('30 3 * * *', '2026-12-01T03:30:00')).toBe(at('2026-12-02T03:30:00').toString());
    expect(next('@daily', '2026-12-31T23:59:30')).toBe(at('2027-01-01T00:00:00').toString());
    expect(next('@hourly', '2026-12-01T10:15:00')).toBe(at('2026-12-01T11:00:00').toString());
    expect(next('*/15 * * * *', '2026-12-01T10:16:00')).toBe(at('2026-12-01T10:30:00').toString());
    // Sundays (0 and 7) at 04:00; 2026-12-06 is a Sunday.
    expect(next('0 4 * * 7', '2026-12-01T00:00:00')).toBe(at('2026-12-06T04:00:00').toString());
    expect(next('0 4 * * 1-5', '2026-12-05T05:00:00')).toBe(at('2026-12-07T04:00:00').toString());
    // With both days given, either matches (cron's rule): the 15th, or a Monday.
    expect(next('0 0 15 * 1', '2026-12-08T01:00:00')).toBe(at('2026-12-14T00:00:00').toString());
    expect(next('0 0 29 2 *', '2026-03-01T00:00:00')).toBe(at('2028-02-29T00:00:00').toString());
    expect(next('0 0 31 2 *', '2026-03-01T00:00:00')).toBeUndefined();
  });

  it('refuses what cron would not take, saying which field', () => {
    const refusal = (text: string) => {
      try {
        parseCronSchedule(text);
        return 'taken';
      } catch (error) {
        expect(error).toBeInstanceOf(CronScheduleError);
        return (error as Error).message;
      }
    };
    expect(refusal('every night')).toMatch(/^must be a cron schedule of five fields/);
    expect(refusal('61 3 * * *')).toMatch(/^has "61" for the minute, which takes 0-59/);
    expect(refusal('0 3 * 13 *')).toMatch(/^has "13" for the month/);
    expect(refusal('0 3 * * mon')).toMatch(/^has "mon" for the day of the week/);
    expect(refusal('*/0 * * * *')).toMatch(/^has "\*\/0" for the minute/);
  });
});
