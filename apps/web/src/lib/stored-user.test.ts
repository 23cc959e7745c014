import { userSchema } from '@cadenza/contract/auth';
import { describe, expect, it } from 'vitest';
import { isStoredUser, storedUser } from './stored-user';

const user = {
  _id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  role: 'user',
  profileImage: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const samples: unknown[] = [
  user,
  { ...user, role: 'admin', profileImage: '/media/images/a' },
  { ...user, extra: 'dropped' },
  { ...user, role: 'owner' },
  { ...user, profileImage: undefined },
  { ...user, _id: 1 },
  { ...user, createdAt: null },
  { name: 'Ada' },
  [user],
  null,
  'user',
  42,
];

describe('isStoredUser', () => {
  it.each(samples.map((sample) => [JSON.stringify(sample), sample]))(
    'agrees with the contract schema on %s',
    (_, sample) => {
      const parsed = userSchema.safeParse(sample);
      expect(isStoredUser(sample)).toBe(parsed.success);
      if (parsed.success && isStoredUser(sample)) expect(storedUser(sample)).toEqual(parsed.data);
    },
  );
});
