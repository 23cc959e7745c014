/** The texts of a column holding a JSON array of them; none for null, or for anything else. */
export function textsOfJson(column: string | null): string[] {
  if (column === null) return [];
  try {
    const parsed: unknown = JSON.parse(column);
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}
