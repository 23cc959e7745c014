import { v7 as uuidv7 } from 'uuid';

/** Sortable random ids (UUIDv7): creation order without a separate sequence. */
export function newId(): string {
  return uuidv7();
}

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for text shaped like an id from `newId`. */
export function isId(text: string): boolean {
  return ID_PATTERN.test(text);
}
