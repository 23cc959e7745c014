import { randomBytes, randomInt } from 'node:crypto';
import { clampSeedCount } from '@cadenza/contract/seed';
import { isUniqueViolation } from '../../db/errors';
import type { Transactor } from '../../db/transactor';
import { Conflict, Forbidden } from '../../errors';
import { newId } from '../../ids';
import { hashPassword } from '../auth/passwords';
import { USERS_COUNTER, type CountersRepository } from '../stats/counters.repository';
import { FIRST_NAMES, LAST_NAMES } from './seed-names';
import type { SeededUserRecord } from './seed-record';
import type { SeedAccount, SeedRepository } from './seed.repository';

export const SEEDING_DISABLED = 'Seeding test users is disabled on this server.';

/** Argon2 runs on libuv's thread pool (four threads by default): more at once only queues. */
const HASHING_CONCURRENCY = 4;
/** Rounds of fresh random candidates before giving up on finding unused names. */
const MAX_PICKING_ROUNDS = 20;
/** A concurrent sign-up can take a picked address between the check and the insert. */
const MAX_INSERT_ATTEMPTS = 3;

interface Person {
  readonly name: string;
  readonly email: string;
}

function pick<T>(list: readonly T[]): T {
  return list[randomInt(list.length)] as T;
}

/** "Tomás" → "tomas": e-mail local parts stay plain ASCII. */
function asciiLower(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase();
}

function randomPerson(withMiddleInitial: boolean): Person {
  const first = pick(FIRST_NAMES);
  const last = pick(LAST_NAMES);
  const initial = String.fromCharCode(65 + randomInt(26));
  const name = withMiddleInitial ? `${first} ${initial}. ${last}` : `${first} ${last}`;
  const email = `${asciiLower(first)}.${asciiLower(last)}.${randomInt(1000, 10000)}@example.com`;
  return { name, email };
}

/** Hashes one fresh random password per account; nobody ever sees or can guess them. */
async function unguessablePasswordHashes(count: number): Promise<string[]> {
  const hashes: string[] = [];
  while (hashes.length < count) {
    const batch = Math.min(HASHING_CONCURRENCY, count - hashes.length);
    hashes.push(
      ...(await Promise.all(
        Array.from({ length: batch }, () => hashPassword(randomBytes(24).toString('base64url'))),
      )),
    );
  }
  return hashes;
}

/** The repositories seeding writes, each its own module's, in one transaction. */
export interface SeedWriteRepositories {
  readonly seed: SeedRepository;
  readonly counters: CountersRepository;
}

/** The development-only seeding of test accounts (docs/product.md §1, docs/architecture.md §7). */
export class SeedService {
  constructor(
    private readonly repository: SeedRepository,
    /** The accounts and the users counter, written together. */
    private readonly atomically: Transactor<SeedWriteRepositories>,
    private readonly enabled: boolean,
  ) {}

  /** 403 unless the server allows seeding (ENABLE_SEED_USERS). */
  ensureEnabled(): void {
    if (!this.enabled) throw new Forbidden(SEEDING_DISABLED, 'seeding_disabled');
  }

  async seedUsers(requested: number): Promise<SeededUserRecord[]> {
    this.ensureEnabled();
    const count = clampSeedCount(requested);
    const passwordHashes = await unguessablePasswordHashes(count);
    for (let attempt = 1; ; attempt += 1) {
      const people = await this.pickUnusedPeople(count);
      const createdAt = new Date().toISOString();
      const accounts: SeedAccount[] = people.map((person, index) => ({
        id: newId(),
        ...person,
        passwordHash: passwordHashes[index] as string,
        createdAt,
      }));
      try {
        await this.atomically(async (r) => {
          await r.seed.insertUsers(accounts);
          await r.counters.bump(USERS_COUNTER, accounts.length);
        });
        return accounts.map(({ id, name, email }) => ({ id, name, email }));
      } catch (error) {
        if (!isUniqueViolation(error) || attempt >= MAX_INSERT_ATTEMPTS) throw error;
      }
    }
  }

  /** People whose names and e-mails are unique in the batch and unused by any account. */
  private async pickUnusedPeople(count: number): Promise<Person[]> {
    const people: Person[] = [];
    const names = new Set<string>();
    const emails = new Set<string>();
    for (let round = 0; people.length < count && round < MAX_PICKING_ROUNDS; round += 1) {
      // Plain "First Last" first; middle initials widen the choice once those run short.
      const candidates = Array.from({ length: (count - people.length) * 2 }, () =>
        randomPerson(round >= 2),
      ).filter(({ name, email }) => {
        if (names.has(name) || emails.has(email)) return false;
        names.add(name);
        emails.add(email);
        return true;
      });
      const [takenNames, takenEmails] = await Promise.all([
        this.repository.takenNames(candidates.map((person) => person.name)),
        this.repository.takenEmails(candidates.map((person) => person.email)),
      ]);
      for (const person of candidates) {
        if (people.length === count) break;
        if (!takenNames.has(person.name) && !takenEmails.has(person.email)) people.push(person);
      }
    }
    if (people.length < count) {
      throw new Conflict(
        'Could not find enough unused names for test users. Try fewer at once.',
        'seed_names_exhausted',
      );
    }
    return people;
  }
}
