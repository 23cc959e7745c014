import { createUserBodySchema } from '@cadenza/contract/accounts';
import { MAX_PAGE_SIZE } from '@cadenza/contract/paging';
import type { UserRecord } from '../users/user-record';
import type { AccountsService } from '../users/accounts.service';
import type { UsersService } from '../users/users.service';
import type { ObjectStore } from '../../storage/object-store';
import { sendBlob } from '../delivery/blob-response';
import type { ContentTypes } from '../delivery/content-types';
import { identiconPng } from './identicon';
import { plainPassword, type SubsonicCaller } from './subsonic-auth';
import {
  FILE_SENT,
  forAdmins,
  forListeners,
  mediaForListeners,
  OK,
  type SubsonicEndpoints,
} from './subsonic-endpoint';
import { invalidParameter, notFound, SubsonicCode, SubsonicError } from './subsonic-response';
import { presentUser } from './subsonic.presenter';

/** A picture may change; an hour's staleness is no harm. */
const AVATAR_CACHE = 'private, max-age=3600';

export interface UsersDeps {
  readonly users: UsersService;
  readonly accounts: AccountsService;
  readonly objects: ObjectStore;
  readonly contentTypes: ContentTypes;
}

/**
 * Accounts as Subsonic names them: a username is the account's email. A listener reads their own;
 * an administrator reads any, and the list of all.
 */
export function usersEndpoints({
  users,
  accounts,
  objects,
  contentTypes,
}: UsersDeps): SubsonicEndpoints {
  const named = async (username: string): Promise<UserRecord> => {
    const user = await users.findByEmail(username.trim().toLowerCase());
    if (!user) throw notFound('User');
    return user;
  };

  const readable = async (caller: SubsonicCaller, username: string): Promise<UserRecord> => {
    if (caller.user.role === 'admin') return named(username);
    if (username.trim().toLowerCase() !== caller.user.email) {
      throw new SubsonicError(SubsonicCode.notAuthorized, 'You may only read your own account');
    }
    return caller.user;
  };

  const setTemporary = async (user: UserRecord, given: string) => {
    const password = plainPassword(given);
    if (password === null) throw invalidParameter('password', 'text or enc: and hex digits');
    await accounts.setTemporaryPassword(user.id, password);
  };

  return {
    getUser: forListeners(async ({ params, caller }) => ({
      user: presentUser(await readable(caller, params.required('username'))),
    })),

    getUsers: forAdmins(async () => {
      const everyone: UserRecord[] = [];
      let cursor: string | undefined;
      do {
        const page = await users.page({ limit: MAX_PAGE_SIZE, cursor });
        everyone.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return { users: { user: everyone.map(presentUser) } };
    }),

    // An account made by an administrator, as on the web: its password is a temporary one that
    // its owner replaces at the first sign-in; apps then use keys the owner makes.
    createUser: forAdmins(async ({ params }) => {
      const password = plainPassword(params.required('password'));
      if (password === null) throw invalidParameter('password', 'text or enc: and hex digits');
      const body = createUserBodySchema.safeParse({
        name: params.required('username'),
        email: params.required('email'),
        password,
        role: params.bool('adminRole', false) ? 'admin' : 'user',
      });
      if (!body.success) {
        throw new SubsonicError(SubsonicCode.generic, body.error.issues[0]?.message ?? 'Invalid');
      }
      await accounts.create(body.data);
      return OK;
    }),

    // Of Subsonic's roles only `adminRole` means something here; the others are the same for
    // every account and are left as they are.
    updateUser: forAdmins(async ({ params }) => {
      const user = await named(params.required('username'));
      const admin = params.get('adminRole');
      if (admin !== undefined && admin !== '') {
        await accounts.changeRole(user.id, params.bool('adminRole', false) ? 'admin' : 'user');
      }
      const password = params.get('password');
      if (password !== undefined && password !== '') await setTemporary(user, password);
      return OK;
    }),

    deleteUser: forAdmins(async ({ params }) => {
      await users.delete((await named(params.required('username'))).id);
      return OK;
    }),

    // An app key must not be enough to take over an account: a listener changes their own
    // password in account settings, where the current one is asked. An administrator gives
    // another account a temporary password.
    changePassword: forListeners(async ({ params, caller }) => {
      const user = await named(params.required('username'));
      const password = params.required('password');
      if (caller.user.role !== 'admin' || user.id === caller.user.id) {
        throw new SubsonicError(
          SubsonicCode.notAuthorized,
          "Change your password in Cadenza's account settings; apps sign in with keys",
        );
      }
      await setTemporary(user, password);
      return OK;
    }),

    // Any listener may see another's picture, as the web's profile pages show it. An account
    // without one gets a pattern of its own.
    getAvatar: mediaForListeners(async ({ params, request, reply }) => {
      const user = await named(params.required('username'));
      const key = user.profileImage;
      if (key !== null && (await objects.head(key))) {
        await sendBlob(request, reply, objects, key, {
          cacheControl: AVATAR_CACHE,
          contentType: contentTypes.of.bind(contentTypes),
        });
      } else {
        await reply
          .header('cache-control', AVATAR_CACHE)
          .type('image/png')
          .send(await identiconPng(user.id));
      }
      return FILE_SENT;
    }),
  };
}
