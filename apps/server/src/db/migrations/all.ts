import type { Migration } from 'kysely';
import * as initialSchema from './2026-11-21-initial-schema';
import * as songSearch from './2026-11-21-song-search';
import * as songSearchFields from './2026-11-21-song-search-fields';
import * as blobKeyIndexes from './2026-11-23-blob-key-indexes';
import * as songAudioBytesBigint from './2026-11-23-song-audio-bytes-bigint';
import * as images from './2026-11-24-images';
import * as catalogue from './2026-11-25-catalogue';
import * as libraryFiles from './2026-11-26-library-files';
import * as listenerLists from './2026-11-27-listener-lists';
import * as playlistPositions from './2026-11-27-playlist-positions';
import * as apiKeysAndSubsonic from './2026-11-28-api-keys-and-subsonic';
import * as keysetIndexes from './2026-11-29-keyset-indexes';
import * as maintainedCounts from './2026-11-29-maintained-counts';
import * as songSubstringIndex from './2026-11-29-song-substring-index';
import * as catalogueSubstringIndexes from './2026-11-30-catalogue-substring-indexes';
import * as lastPlays from './2026-11-30-last-plays';
import * as catalogueWordIndex from './2026-12-01-catalogue-word-index';
import * as albumsByYearOneRange from './2026-12-02-albums-by-year-one-range';
import * as searchPrefixEntries from './2026-12-03-search-prefix-entries';
import * as firstCoverOfAnAlbum from './2026-12-04-first-cover-of-an-album';
import * as libraryFileIdentity from './2026-12-05-library-file-identity';
import * as accountsAndInvitations from './2026-12-06-accounts-and-invitations';
import * as accountSessions from './2026-12-07-account-sessions';
import * as secondFactorAndSignIn from './2026-12-08-second-factor-and-sign-in';
import * as loginAttempts from './2026-12-09-login-attempts';
import * as playerSettings from './2026-12-10-player-settings';
import * as streamingLimits from './2026-12-11-streaming-limits';
import * as tagDetails from './2026-12-12-tag-details';
import * as catalogueLikesNewestFirst from './2026-12-13-catalogue-likes-newest-first';
import * as listeningCounts from './2026-12-14-listening-counts';
import * as smartPlaylists from './2026-12-15-smart-playlists';
import * as scrobbling from './2026-12-16-scrobbling';
import * as listeningImports from './2026-12-17-listening-imports';
import * as listeningStats from './2026-12-18-listening-stats';
import * as songPlayTotals from './2026-12-19-song-play-totals';
import * as bookmarksAndQueueIndex from './2026-12-20-bookmarks-and-queue-index';
import * as shares from './2026-12-21-shares';
import * as internetRadioStations from './2026-12-22-internet-radio-stations';
import * as listenerChat from './2026-12-23-listener-chat';
import * as podcasts from './2026-12-24-podcasts';
import * as songRecordingIds from './2026-12-25-song-recording-ids';
import * as songReleaseFacts from './2026-12-26-song-release-facts';
import * as listeningItemCounts from './2026-12-27-listening-item-counts';

/** Every migration, by name; the names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-initial-schema': initialSchema,
  '2026-11-21-song-search': songSearch,
  '2026-11-21-song-search-fields': songSearchFields,
  '2026-11-23-blob-key-indexes': blobKeyIndexes,
  '2026-11-23-song-audio-bytes-bigint': songAudioBytesBigint,
  '2026-11-24-images': images,
  '2026-11-25-catalogue': catalogue,
  '2026-11-26-library-files': libraryFiles,
  '2026-11-27-listener-lists': listenerLists,
  '2026-11-27-playlist-positions': playlistPositions,
  '2026-11-28-api-keys-and-subsonic': apiKeysAndSubsonic,
  '2026-11-29-keyset-indexes': keysetIndexes,
  '2026-11-29-maintained-counts': maintainedCounts,
  '2026-11-29-song-substring-index': songSubstringIndex,
  '2026-11-30-catalogue-substring-indexes': catalogueSubstringIndexes,
  '2026-11-30-last-plays': lastPlays,
  '2026-12-01-catalogue-word-index': catalogueWordIndex,
  '2026-12-02-albums-by-year-one-range': albumsByYearOneRange,
  '2026-12-03-search-prefix-entries': searchPrefixEntries,
  '2026-12-04-first-cover-of-an-album': firstCoverOfAnAlbum,
  '2026-12-05-library-file-identity': libraryFileIdentity,
  '2026-12-06-accounts-and-invitations': accountsAndInvitations,
  '2026-12-07-account-sessions': accountSessions,
  '2026-12-08-second-factor-and-sign-in': secondFactorAndSignIn,
  '2026-12-09-login-attempts': loginAttempts,
  '2026-12-10-player-settings': playerSettings,
  '2026-12-11-streaming-limits': streamingLimits,
  '2026-12-12-tag-details': tagDetails,
  '2026-12-13-catalogue-likes-newest-first': catalogueLikesNewestFirst,
  '2026-12-14-listening-counts': listeningCounts,
  '2026-12-15-smart-playlists': smartPlaylists,
  '2026-12-16-scrobbling': scrobbling,
  '2026-12-17-listening-imports': listeningImports,
  '2026-12-18-listening-stats': listeningStats,
  '2026-12-19-song-play-totals': songPlayTotals,
  '2026-12-20-bookmarks-and-queue-index': bookmarksAndQueueIndex,
  '2026-12-21-shares': shares,
  '2026-12-22-internet-radio-stations': internetRadioStations,
  '2026-12-23-listener-chat': listenerChat,
  '2026-12-24-podcasts': podcasts,
  '2026-12-25-song-recording-ids': songRecordingIds,
  '2026-12-26-song-release-facts': songReleaseFacts,
  '2026-12-27-listening-item-counts': listeningItemCounts,
};

/** The name of the newest migration this release has: the schema it brings a database to. */
export const NEWEST_MIGRATION = Object.keys(migrations).sort().at(-1) ?? '';
