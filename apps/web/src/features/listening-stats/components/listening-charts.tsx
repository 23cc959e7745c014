import Box from '@mui/material/Box';
import { hourLabel, minutesText, WEEKDAYS } from '../stats-format';
import { BarChart, type ChartBar } from './bar-chart';

/** Every sixth hour is labelled under the bars; the others are too narrow on a phone. */
const LABELLED_HOUR = 6;

export function hourBars(secondsByHour: readonly number[]): ChartBar[] {
  return secondsByHour.map((seconds, hour) => ({
    key: String(hour),
    name: `${hourLabel(hour)} — ${minutesText(seconds)}`,
    label: hour % LABELLED_HOUR === 0 ? String(hour).padStart(2, '0') : '',
    value: seconds,
  }));
}

export function weekdayBars(secondsByWeekday: readonly number[]): ChartBar[] {
  return secondsByWeekday.map((seconds, index) => {
    const day = WEEKDAYS[index] ?? '';
    return {
      key: day,
      name: `${day} — ${minutesText(seconds)}`,
      label: day.slice(0, 3),
      value: seconds,
    };
  });
}

/** When the listener listens: by hour of the day and by weekday, Monday first. */
export function ListeningCharts({
  byHour,
  byWeekday,
}: {
  byHour: readonly number[];
  byWeekday: readonly number[];
}) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: { xs: 3, md: 4 },
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '2fr 1fr' },
      }}
    >
      <BarChart title="Listening by hour" bars={hourBars(byHour)} />
      <BarChart title="Listening by weekday" bars={weekdayBars(byWeekday)} />
    </Box>
  );
}
