import { v7 as uuidv7 } from 'uuid';

/** Sortable random ids (UUIDv7): creation order without a separate sequence. */
export function newId(): string {
  return uuidv7();
}
