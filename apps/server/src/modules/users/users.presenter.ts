import type { AdminUser } from '@cadenza/contract/accounts';
import type { User } from '@cadenza/contract/auth';
import type { Profile } from '@cadenza/contract/profile';
import type { MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import type { UserRecord } from './user-record';
import type { ProfileRecord } from './users.service';

/** An account as the REST API shows it (docs/architecture.md §5 keeps this key order). */
export function presentUser(user: UserRecord): User {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    profileImage: user.profileImage,
    createdAt: user.createdAt,
  };
}

/** An account as the administrators' Users tab shows it. */
export function presentAdminUser(user: UserRecord): AdminUser {
  return {
    ...presentUser(user),
    disabled: user.disabled,
    passwordChangeRequired: user.passwordChangeRequired,
    lastActiveAt: user.lastActiveAt,
    streamingQualityLimit: user.streamingQualityLimit,
  };
}

/** The signed-in listener's account with their songs, each with a signed audio URL. */
export function presentProfile(profile: ProfileRecord, urls: MediaUrls): Profile {
  return {
    ...presentUser(profile.user),
    likedSongs: profile.likedSongs.map((song) => presentSong(song, urls)),
    savedSongs: profile.savedSongs.map((song) => presentSong(song, urls)),
  };
}
