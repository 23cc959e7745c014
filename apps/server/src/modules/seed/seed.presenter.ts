import type { SeededUser } from '@cadenza/contract/seed';
import type { SeededUserRecord } from './seed-record';

/** A seeded test account as the REST answer names it. */
export function presentSeededUser(user: SeededUserRecord): SeededUser {
  return { _id: user.id, name: user.name, email: user.email };
}
