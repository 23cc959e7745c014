import type { Profile } from '@cadenza/contract/profile';
import { NotFound } from '../../errors';
import type { MediaUrls } from '../media/media-urls';
import { toSong } from '../songs/song-mapper';
import type { ProfileRepository } from './profile.repository';
import type { UsersRepository } from './users.repository';

export class ProfileService {
  constructor(
    private readonly users: UsersRepository,
    private readonly profiles: ProfileRepository,
    private readonly urls: MediaUrls,
  ) {}

  async get(userId: string): Promise<Profile> {
    const [user, liked, saved] = await Promise.all([
      this.users.findById(userId),
      this.profiles.songsIn('likes', userId),
      this.profiles.songsIn('saves', userId),
    ]);
    if (!user) throw new NotFound('This account no longer exists.', 'account_not_found');
    return {
      ...user,
      likedSongs: liked.map((row) => toSong(row, this.urls)),
      savedSongs: saved.map((row) => toSong(row, this.urls)),
    };
  }
}
