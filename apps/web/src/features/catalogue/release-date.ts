const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A tagged release date as a reader says it: "2 March 2004", "March 2004" or "2004", as much as
 * the tag gives; text that is no such date stays as it is.
 */
export function formatReleaseDate(date: string): string {
  const parts = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(date.trim());
  if (!parts) return date;
  const [, year, month, day] = parts;
  const monthName = month === undefined ? undefined : MONTHS[Number(month) - 1];
  if (monthName === undefined) return year ?? date;
  return day === undefined ? `${monthName} ${year}` : `${Number(day)} ${monthName} ${year}`;
}
