/** Lines drawn in a box, so that they stand out among a terminal's or a log's other lines. */
export function boxed(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => line.length));
  const rule = '─'.repeat(width + 2);
  return [
    '',
    `╭${rule}╮`,
    ...lines.map((line) => `│ ${line.padEnd(width)} │`),
    `╰${rule}╯`,
    '',
  ].join('\n');
}
