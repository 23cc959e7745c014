/** A test account just seeded, as the domain answers it: never with its password. */
export interface SeededUserRecord {
  readonly id: string;
  readonly name: string;
  readonly email: string;
}
