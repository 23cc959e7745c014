import { textsOfJson } from './json-texts';

/**
 * The `edited_fields` column of songs and albums: a JSON array of the fields an administrator set
 * by hand (a scan of an unchanged file leaves them be), or null for none.
 */

/** The fields of an `edited_fields` column. */
export function editedFieldsOf(column: string | null): string[] {
  return textsOfJson(column);
}

/** The column's value for these fields, in name order: null for none. */
export function editedFieldsColumn(fields: readonly string[]): string | null {
  return fields.length === 0 ? null : JSON.stringify([...new Set(fields)].sort());
}
