import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Container } from './container';
import { migrations } from './db/migrations/all';
import { retryingTransactor, transactor } from './db/transactor';
import { ApiKeySecrets } from './modules/api-keys/api-key-secrets';
import { ApiKeysRepository } from './modules/api-keys/api-keys.repository';
import { ApiKeysService } from './modules/api-keys/api-keys.service';
import { AccountService } from './modules/account/account.service';
import { EmailChangesRepository } from './modules/account/email-changes.repository';
import { AccountSessionsRepository } from './modules/auth/account-sessions.repository';
import { AuthService } from './modules/auth/auth.service';
import { LoginAttemptsRepository } from './modules/auth/login-attempts.repository';
import { LoginLimits } from './modules/auth/login-limits.service';
import { PasswordResetsRepository } from './modules/auth/password-resets.repository';
import { RecentSignIn } from './modules/auth/recent-sign-in';
import { ResetLinks } from './modules/auth/reset-links';
import { RevokedTokensRepository } from './modules/auth/revoked-tokens.repository';
import { SessionsRepository } from './modules/auth/sessions.repository';
import { SignedTickets } from './modules/auth/signed-tickets';
import { TokenSigner } from './modules/auth/tokens';
import { AlbumEditingService } from './modules/catalogue/album-editing.service';
import { AlbumEditsRepository } from './modules/catalogue/album-edits.repository';
import { CatalogueLikesRepository } from './modules/catalogue/catalogue-likes.repository';
import { CatalogueLikesService } from './modules/catalogue/catalogue-likes.service';
import { CatalogueLinksRepository } from './modules/catalogue/catalogue-links.repository';
import { CatalogueRepository } from './modules/catalogue/catalogue.repository';
import { CatalogueService } from './modules/catalogue/catalogue.service';
import { HomeService } from './modules/catalogue/home.service';
import { ChatService } from './modules/chat/chat.service';
import { GenresRepository } from './modules/genres/genres.repository';
import { GenresService } from './modules/genres/genres.service';
import { listenerPolicy } from './modules/playlists/playlist-policy';
import { ListeningStatsRepository } from './modules/listening-stats/listening-stats.repository';
import { KeptStats } from './modules/listening-stats/kept-stats';
import { ListeningStatsService } from './modules/listening-stats/listening-stats.service';
import { RadioRepository } from './modules/radio/radio.repository';
import { RadioService } from './modules/radio/radio.service';
import { createChatProvider } from './modules/chat/providers/create-chat-provider';
import { HealthRepository } from './modules/health/health.repository';
import { HealthService } from './modules/health/health.service';
import { InvitationsRepository } from './modules/invitations/invitations.repository';
import { InvitationsService } from './modules/invitations/invitations.service';
import { LibraryFilePathsService } from './modules/library/library-file-paths.service';
import { LibraryFileReaders } from './modules/library/library-file-readers';
import { LibraryFilesRepository } from './modules/library/library-files.repository';
import { LibraryImporter } from './modules/library/library-importer';
import { LibraryRescans } from './modules/library/library-rescans';
import { LibraryScanService } from './modules/library/library-scan.service';
import { MaintenanceRepository } from './modules/maintenance/maintenance.repository';
import { Maintenance } from './modules/maintenance/maintenance.service';
import { AudioFiles } from './modules/audio-files/audio-files';
import { ContentTypes } from './modules/delivery/content-types';
import { CoverImages } from './modules/images/cover-images';
import { CoverVariants } from './modules/images/cover-variants';
import { ImagesRepository } from './modules/images/images.repository';
import { MediaTypesRepository } from './modules/delivery/media-types.repository';
import { PlaylistTotalsRepository } from './modules/playlists/playlist-totals.repository';
import { SmartMatches } from './modules/playlists/smart-matches';
import { PlaylistsRepository } from './modules/playlists/playlists.repository';
import { PlaylistsService } from './modules/playlists/playlists.service';
import { CombinedSearchService } from './modules/search/combined-search.service';
import { searchServiceOver } from './modules/search/search-over';
import type { SearchService } from './modules/search/search.service';
import { SealedSecrets } from './modules/second-factor/sealed-secrets';
import { SecondFactorService } from './modules/second-factor/second-factor.service';
import { SecondFactorsRepository } from './modules/second-factor/second-factors.repository';
import { SeedRepository } from './modules/seed/seed.repository';
import { SeedService } from './modules/seed/seed.service';
import { SiteSettingsRepository } from './modules/settings/site-settings.repository';
import { siteSettingDefaults, SiteSettingsService } from './modules/settings/site-settings.service';
import { ExternalAccountsService } from './modules/single-sign-on/external-accounts.service';
import { ExternalIdentitiesRepository } from './modules/single-sign-on/external-identities.repository';
import { OidcClient } from './modules/single-sign-on/oidc-client';
import { SingleSignOnService } from './modules/single-sign-on/single-sign-on.service';
import { DemoSongsService } from './modules/songs/demo-songs.service';
import { SongEditingService } from './modules/songs/song-editing.service';
import { SongWrites } from './modules/songs/song-writes';
import { SongPageCache } from './modules/songs/song-page-cache';
import { SongsRepository } from './modules/songs/songs.repository';
import { SongsService } from './modules/songs/songs.service';
import { CountersRepository } from './modules/stats/counters.repository';
import { StatsRepository } from './modules/stats/stats.repository';
import { StatsService } from './modules/stats/stats.service';
import { AnnotationsRepository } from './modules/subsonic/annotations.repository';
import { AnnotationsService } from './modules/subsonic/annotations.service';
import { ArtistIndex } from './modules/subsonic/artist-index';
import { LyricsService } from './modules/lyrics/lyrics.service';
import { LyricsRepository } from './modules/lyrics/lyrics.repository';
import { SidecarLyricsService } from './modules/lyrics/sidecar-lyrics.service';
import { NowPlaying } from './modules/subsonic/now-playing';
import { BookmarksRepository } from './modules/bookmarks/bookmarks.repository';
import { BookmarksService } from './modules/bookmarks/bookmarks.service';
import { PlayQueueRepository } from './modules/play-queue/play-queue.repository';
import { SharesRepository } from './modules/shares/shares.repository';
import { StationsRepository } from './modules/internet-radio/stations.repository';
import { ListenerChatRepository } from './modules/listener-chat/listener-chat.repository';
import { ListenerChatService } from './modules/listener-chat/listener-chat.service';
import { StationsService } from './modules/internet-radio/stations.service';
import { StationRelay } from './modules/internet-radio/station-relay.service';
import { PodcastsRepository } from './modules/podcasts/podcasts.repository';
import { PodcastsService } from './modules/podcasts/podcasts.service';
import { SharesService } from './modules/shares/shares.service';
import { PlayQueueService } from './modules/play-queue/play-queue.service';
import { PlayerSettingsRepository } from './modules/player-settings/player-settings.repository';
import { PlayerSettingsService } from './modules/player-settings/player-settings.service';
import { HistoryImports } from './modules/history/history-imports.service';
import { HistoryRepository } from './modules/history/history.repository';
import { HistoryService } from './modules/history/history.service';
import { PlaysRepository } from './modules/songs/plays.repository';
import { LastFmClient } from './modules/scrobbling/lastfm-client';
import { LastFmSettingsService } from './modules/scrobbling/lastfm-settings.service';
import { ListenBrainzClient } from './modules/scrobbling/listenbrainz-client';
import { ScrobbleLinksRepository } from './modules/scrobbling/scrobble-links.repository';
import { ScrobbleQueueRepository } from './modules/scrobbling/scrobble-queue.repository';
import { ScrobbleSender } from './modules/scrobbling/scrobble-sender';
import { ScrobbleTracksRepository } from './modules/scrobbling/scrobble-tracks.repository';
import { ScrobblingService } from './modules/scrobbling/scrobbling.service';
import { SubsonicAuth } from './modules/subsonic/subsonic-auth';
import { SubsonicLibrary } from './modules/subsonic/subsonic-library';
import { TranscodeParams } from './modules/subsonic/transcode-params';
import { SupportRepository } from './modules/support/support.repository';
import { SupportService } from './modules/support/support.service';
import { AccountsService } from './modules/users/accounts.service';
import { LastActivity } from './modules/users/last-activity';
import { usersPolicy } from './modules/users/users.policy';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import { NO_FFMPEG, type FfmpegProbe } from './modules/transcoding/ffmpeg-probe';
import { SongStreams } from './modules/transcoding/song-streams.service';
import { TranscodeCache } from './modules/transcoding/transcode-cache';
import { Transcoder } from './modules/transcoding/transcoder';
import { sendBlob } from './modules/delivery/blob-response';
import type { StartUpWork } from './start-up';

/**
 * Every service of the server, each built once from the container: the web API's modules, `/rest`,
 * `cadenza scan` and the benchmarks are handed these same instances, so that a cache, a running
 * scan or a sign-in limit is one thing whichever door a request came in by.
 */
export interface Services {
  readonly auth: AuthService;
  readonly loginLimits: LoginLimits;
  readonly recentSignIn: RecentSignIn;
  readonly resetLinks: ResetLinks;
  readonly signOn: SingleSignOnService;
  readonly secondFactor: SecondFactorService;
  readonly account: AccountService;
  readonly apiKeys: ApiKeysService;
  readonly users: UsersService;
  readonly accounts: AccountsService;
  readonly invitations: InvitationsService;
  readonly siteSettings: SiteSettingsService;
  readonly health: HealthService;
  readonly stats: StatsService;
  readonly seeding: SeedService;
  readonly support: SupportService;
  readonly chat: ChatService;
  readonly songs: SongsService;
  readonly songPages: SongPageCache;
  readonly songWrites: SongWrites;
  readonly songEditing: SongEditingService;
  readonly demoSongs: DemoSongsService;
  readonly audio: AudioFiles;
  readonly covers: CoverImages;
  readonly coverVariants: CoverVariants;
  /** The stored types of songs and images, as `/media` answers them (also its song lookup). */
  readonly mediaTypes: MediaTypesRepository;
  readonly contentTypes: ContentTypes;
  readonly search: SearchService;
  /** Songs, albums and artists at once: the web's combined search and `/rest`'s search3. */
  readonly combinedSearch: CombinedSearchService;
  readonly catalogue: CatalogueService;
  /** The admin's album edits. */
  readonly albumEditing: AlbumEditingService;
  /** Tag genres: the web's genre pages and search, and `/rest`'s genres. */
  readonly genres: GenresService;
  /** Stations related to a seed and Home's mixes; `/rest`'s similar songs and artists. */
  readonly radio: RadioService;
  /** A listener's statistics, years in music and "On this day". */
  readonly listeningStats: ListeningStatsService;
  /** Likes of albums and artists: the web's hearts and `/rest`'s stars alike. */
  readonly catalogueLikes: CatalogueLikesService;
  readonly home: HomeService;
  readonly playlists: PlaylistsService;
  readonly libraryImporter: LibraryImporter;
  readonly libraryScans: LibraryScanService;
  readonly libraryRescans: LibraryRescans;
  readonly maintenance: Maintenance;
  readonly annotations: AnnotationsService;
  readonly subsonicLibrary: SubsonicLibrary;
  readonly artistIndex: ArtistIndex;
  readonly nowPlaying: NowPlaying;
  readonly playQueue: PlayQueueService;
  readonly bookmarks: BookmarksService;
  readonly shares: SharesService;
  readonly stations: StationsService;
  /** The web player's way to a station's live stream. */
  readonly stationRelay: StationRelay;
  /** Feeds, episodes and downloads; main.ts schedules their refresh. */
  readonly podcasts: PodcastsService;
  readonly listenerChat: ListenerChatService;
  readonly playerSettings: PlayerSettingsService;
  /** The listening history page: every play, removable, and listens left to match. */
  readonly history: HistoryService;
  /** Histories brought from Spotify, ListenBrainz and Last.fm, processed in the background. */
  readonly historyImports: HistoryImports;
  /** Links to ListenBrainz and Last.fm, now-playing notices, and listens queued for them. */
  readonly scrobbling: ScrobblingService;
  /** Delivers the queued listens (main.ts starts it; tests drain it). */
  readonly scrobbleSender: ScrobbleSender;
  readonly lastFmSettings: LastFmSettingsService;
  readonly lyrics: LyricsService;
  readonly subsonicAuth: SubsonicAuth;
  /** Signs and reads the `transcodeParams` of OpenSubsonic's transcoding extension. */
  readonly transcodeParams: TranscodeParams;
  /** ffmpeg as found at start, and the transcodes it runs (at most TRANSCODE_CONCURRENCY). */
  readonly ffmpeg: FfmpegProbe;
  readonly transcoder: Transcoder;
  readonly songStreams: SongStreams;
  readonly startUp: StartUpWork;
}

/** How long a stream waits for a transcoding slot before it is answered 503. */
const TRANSCODE_SLOT_WAIT_MS = 2000;

/** Builds every repository and service of the server exactly once, here and nowhere else. */
export function composeServices(
  c: Container,
  log: FastifyBaseLogger,
  ffmpeg: FfmpegProbe = NO_FFMPEG,
): Services {
  const { config } = c;
  const transcoder = new Transcoder({
    ffmpeg: ffmpeg.facts,
    concurrency: config.transcodeConcurrency,
    slotWaitMs: TRANSCODE_SLOT_WAIT_MS,
    log,
  });
  const { db, dialect } = c.database;
  const tokens = new TokenSigner(c.jwtSecret);

  const users = new UsersRepository(db);
  // A new account is counted in its own transaction (the stats module's counters).
  const newAccounts = transactor(db, (trx) => ({
    users: new UsersRepository(trx),
    counters: new CountersRepository(trx),
  }));
  // Each account's last use of the web API or an app key, written at most once a minute.
  const lastActivity = new LastActivity(users);
  const accountSessions = new AccountSessionsRepository(db);
  const revoked = new RevokedTokensRepository(db);
  const resets = new PasswordResetsRepository(db);
  const invitationsRepository = new InvitationsRepository(db);
  const songsRepository = new SongsRepository(db);
  const catalogueRepository = new CatalogueRepository(db, c.database.longReads);
  const mediaTypes = new MediaTypesRepository(db);

  const siteSettings = new SiteSettingsService(
    new SiteSettingsRepository(db),
    siteSettingDefaults(config),
  );
  const resetLinks = new ResetLinks({
    resets,
    mailer: c.mailer,
    publicUrl: config.publicUrl,
    outbox: !config.smtpUrl,
    log,
  });
  const secondFactor = new SecondFactorService({
    factors: new SecondFactorsRepository(db),
    transact: transactor(db, (trx) => ({ factors: new SecondFactorsRepository(trx) })),
    users,
    secrets: new SealedSecrets(c.jwtSecret),
    passwords: c.passwords,
    requiredForAdmins: () => siteSettings.get('adminSecondFactorRequired'),
  });
  const auth = new AuthService({
    transact: transactor(db, (trx) => ({
      users: new UsersRepository(trx),
      resets: new PasswordResetsRepository(trx),
      accountSessions: new AccountSessionsRepository(trx),
      apiKeys: new ApiKeysRepository(trx),
      invitations: new InvitationsRepository(trx),
      counters: new CountersRepository(trx),
    })),
    users,
    resets,
    resetLinks,
    invitations: invitationsRepository,
    settings: siteSettings,
    activity: lastActivity,
    revoked,
    sessions: new SessionsRepository(db),
    accountSessions,
    sessionCache: c.sessionCache,
    tokens,
    passwords: c.passwords,
    passwordPolicy: c.passwordPolicy,
    afterAnswer: c.afterAnswer,
    log,
    clock: c.clock,
    secondFactor,
    challenges: new SignedTickets(c.jwtSecret, 'second-factor-challenge'),
  });
  const externalAccounts = new ExternalAccountsService({
    users,
    identities: new ExternalIdentitiesRepository(db),
    transact: transactor(db, (trx) => ({
      users: new UsersRepository(trx),
      identities: new ExternalIdentitiesRepository(trx),
      counters: new CountersRepository(trx),
    })),
    passwords: c.passwords,
    sessionCache: c.sessionCache,
    // Signing in through a provider or a proxy makes an account only where anyone may sign up.
    newAccountsAllowed: async () => (await siteSettings.get('registration')) === 'open',
  });
  const { oidc } = config;
  const signOn = new SingleSignOnService({
    oidc: oidc
      ? {
          client: new OidcClient(oidc, `${config.publicUrl}/api/auth/oidc/callback`),
          settings: oidc,
        }
      : null,
    accounts: externalAccounts,
    auth,
    stateTickets: new SignedTickets(c.jwtSecret, 'oidc-state'),
    handoffTickets: new SignedTickets(c.jwtSecret, 'oidc-handoff'),
    revoked,
    log,
  });
  const account = new AccountService({
    config,
    transact: transactor(db, (trx) => ({
      users: new UsersRepository(trx),
      accountSessions: new AccountSessionsRepository(trx),
      apiKeys: new ApiKeysRepository(trx),
      resets: new PasswordResetsRepository(trx),
      emailChanges: new EmailChangesRepository(trx),
    })),
    users,
    accountSessions,
    revoked,
    sessionCache: c.sessionCache,
    tokens,
    passwords: c.passwords,
    passwordPolicy: c.passwordPolicy,
    mailer: c.mailer,
    log,
    clock: c.clock,
  });
  const apiKeys = new ApiKeysService(
    new ApiKeysRepository(db),
    new ApiKeySecrets(c.jwtSecret),
    lastActivity,
  );

  const covers = new CoverImages(c.objects, new ImagesRepository(db));
  const audio = new AudioFiles(c.objects, log, transcoder.formats().length > 0);
  const songs = new SongsService(songsRepository, c.objects, c.directLinks);
  // A play's removal, a listen matched by hand and each batch of an import write plays with
  // their counts and the history's own rows together.
  const historyWrites = retryingTransactor(db, (trx) => ({
    history: new HistoryRepository(trx),
    plays: new PlaysRepository(trx),
  }));
  // A song's write spans the catalogue's links, the playlists' totals, the covers' uses and the
  // counts: one transaction hands each module its own repository.
  const songWrites = new SongWrites(
    retryingTransactor(db, (trx) => ({
      songs: new SongsRepository(trx),
      catalogueLinks: new CatalogueLinksRepository(trx),
      playlistTotals: new PlaylistTotalsRepository(trx),
      images: new ImagesRepository(trx),
      counters: new CountersRepository(trx),
      lyrics: new LyricsRepository(trx),
    })),
  );
  const songEditing = new SongEditingService(songsRepository, songWrites, audio, covers);
  const search = searchServiceOver(c.database);
  const catalogue = new CatalogueService(catalogueRepository);
  const genres = new GenresService(new GenresRepository(db, c.database.longReads), catalogue);
  const catalogueLikes = new CatalogueLikesService(
    new CatalogueLikesRepository(db),
    catalogueRepository,
  );
  const combinedSearch = new CombinedSearchService(search, catalogue, genres);
  const playlists = new PlaylistsService(
    new PlaylistsRepository(db, dialect, new SmartMatches(c.catalogueChanges)),
    // A playlist's write spans its cover's count of uses.
    retryingTransactor(db, (trx) => ({
      playlists: new PlaylistsRepository(trx, dialect),
      images: new ImagesRepository(trx),
    })),
    covers,
  );
  const radio = new RadioService(
    new RadioRepository(db),
    songs,
    async (userId, playlistId, limit) =>
      (await playlists.songsPage(listenerPolicy({ userId }), playlistId, { limit })).items.map(
        (song) => song.id,
      ),
  );

  const libraryImporter = new LibraryImporter(songsRepository, audio, songEditing);
  // The scan's bookkeeping may outlast a request's statement limit.
  const libraryFiles = new LibraryFilesRepository(c.database.longWork);
  // A `.lrc` that changed alone changes the song's lyrics and what it notes as set by hand.
  const sidecarLyrics = new SidecarLyricsService(
    retryingTransactor(db, (trx) => ({
      lyrics: new LyricsRepository(trx),
      songs: new SongsRepository(trx),
    })),
  );
  const libraryScans = new LibraryScanService({
    folders: config.musicFolders,
    files: libraryFiles,
    locks: c.locks,
    importer: libraryImporter,
    covers,
    // One reader thread beside this one: parsing files and writing their songs take turns
    // otherwise.
    openReaders: () => new LibraryFileReaders({ threads: 1 }),
    deleteSong: (songId) => songEditing.delete(songId),
    replaceSidecarLyrics: (songId, lyrics) => sidecarLyrics.replace(songId, lyrics),
    log,
  });
  const libraryRescans = new LibraryRescans(config.musicFolders, libraryFiles, libraryScans, log);
  c.staleLibraryFiles.listen((fileId) => libraryRescans.rescanFileOf(fileId));

  const annotations = new AnnotationsService(new AnnotationsRepository(db), songs, catalogueLikes);
  const scrobbleLinks = new ScrobbleLinksRepository(db);
  const scrobbleQueue = new ScrobbleQueueRepository(db);
  const listenBrainz = new ListenBrainzClient(config.listenBrainzBaseUrl, config.scrobbleTimeoutMs);
  const lastFm = new LastFmClient(config.lastFmBaseUrl, config.scrobbleTimeoutMs);
  const lastFmSettings = new LastFmSettingsService(new SiteSettingsRepository(db));
  const scrobbleSender = new ScrobbleSender({
    queue: scrobbleQueue,
    links: scrobbleLinks,
    listenBrainz,
    lastFm,
    lastFmSettings,
    clock: c.clock,
    log,
  });

  const stations = new StationsService(new StationsRepository(db), c.clock);

  const usersService = new UsersService(
    users,
    // An account's deletion releases its playlists' covers and counts it out, together.
    transactor(db, (trx) => ({
      users: new UsersRepository(trx),
      images: new ImagesRepository(trx),
      counters: new CountersRepository(trx),
    })),
    songs,
    covers,
    usersPolicy,
    c.sessionCache,
  );

  return {
    auth,
    loginLimits: new LoginLimits(new LoginAttemptsRepository(db)),
    recentSignIn: new RecentSignIn(accountSessions, c.clock),
    resetLinks,
    signOn,
    secondFactor,
    account,
    apiKeys,
    users: usersService,
    accounts: new AccountsService({
      users,
      transact: newAccounts,
      passwords: c.passwords,
      passwordPolicy: c.passwordPolicy,
      resetLinks,
      sessions: c.sessionCache,
    }),
    invitations: new InvitationsService({
      invitations: invitationsRepository,
      mailer: c.mailer,
      publicUrl: config.publicUrl,
      log,
    }),
    siteSettings,
    ffmpeg,
    transcoder,
    songStreams: new SongStreams(
      transcoder,
      c.objects,
      new TranscodeCache(c.transcodes, config.transcodeCacheBytes, log),
      (request, reply, store, key, mime) =>
        sendBlob(request, reply, store, key, {
          cacheControl: 'private, max-age=3600',
          contentType: () => mime,
        }),
      {
        serverWide: () => siteSettings.get('streamingQualityLimit'),
        ofUser: (userId) => users.streamingLimitOf(userId),
      },
    ),
    health: new HealthService({
      repository: new HealthRepository(db),
      objects: c.objects,
      migrationNames: Object.keys(migrations),
      log,
      transcoding: { version: ffmpeg.facts?.version ?? null, formats: transcoder.formats() },
    }),
    stats: new StatsService(new StatsRepository(db)),
    seeding: new SeedService(
      new SeedRepository(db),
      transactor(db, (trx) => ({
        seed: new SeedRepository(trx),
        counters: new CountersRepository(trx),
      })),
      config.enableSeedUsers,
    ),
    support: new SupportService({
      repository: new SupportRepository(db),
      mailer: c.mailer,
      supportEmail: config.supportEmail,
      mailSupport: config.smtpUrl !== undefined,
      log,
    }),
    chat: new ChatService(createChatProvider(config), log),
    songs,
    songPages: new SongPageCache(c.catalogueChanges),
    songWrites,
    songEditing,
    demoSongs: new DemoSongsService(songsRepository, songEditing, c.demoLibraryDir),
    audio,
    covers,
    coverVariants: new CoverVariants(c.objects),
    mediaTypes,
    contentTypes: new ContentTypes(mediaTypes),
    search,
    combinedSearch,
    catalogue,
    // An album's edit spans its row, its songs' texts and genres, its artists and its cover.
    albumEditing: new AlbumEditingService(
      retryingTransactor(db, (trx) => ({
        albums: new AlbumEditsRepository(trx),
        links: new CatalogueLinksRepository(trx),
        songs: new SongsRepository(trx),
        images: new ImagesRepository(trx),
      })),
      catalogueRepository,
      covers,
    ),
    genres,
    radio,
    listeningStats: new ListeningStatsService({
      stats: new ListeningStatsRepository(db),
      plays: new PlaysRepository(db),
      songs,
      catalogue,
      transact: retryingTransactor(db, (trx) => ({
        stats: new ListeningStatsRepository(trx),
        plays: new PlaysRepository(trx),
      })),
      clock: c.clock,
      kept: new KeptStats(c.catalogueChanges),
    }),
    catalogueLikes,
    home: new HomeService(catalogueRepository, songsRepository, new CountersRepository(db)),
    playlists,
    libraryImporter,
    libraryScans,
    libraryRescans,
    maintenance: new Maintenance({
      repository: new MaintenanceRepository(c.database.longWork),
      locks: c.locks,
      // SQLite serves one node; on PostgreSQL others may be mid-upload when this one starts.
      soleNode: c.database.dialect === 'sqlite',
      objects: c.objects,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log,
    }),
    annotations,
    subsonicLibrary: new SubsonicLibrary(
      annotations,
      catalogue,
      new LibraryFilePathsService(new LibraryFilesRepository(db)),
    ),
    artistIndex: new ArtistIndex(catalogue, annotations, c.catalogueChanges),
    nowPlaying: new NowPlaying(),
    playQueue: new PlayQueueService(new PlayQueueRepository(db), songs),
    bookmarks: new BookmarksService(new BookmarksRepository(db), songs, c.clock),
    stations,
    stationRelay: new StationRelay(stations, config.fetchPrivateAddresses),
    podcasts: new PodcastsService({
      podcasts: new PodcastsRepository(db),
      transact: transactor(db, (trx) => ({
        podcasts: new PodcastsRepository(trx),
        images: new ImagesRepository(trx),
      })),
      objects: c.objects,
      covers,
      locks: c.locks,
      background: c.afterAnswer,
      allowPrivateAddresses: config.fetchPrivateAddresses,
      feedTimeoutMs: config.podcastFeedTimeoutMs,
      clock: c.clock,
      log,
    }),
    listenerChat: new ListenerChatService(new ListenerChatRepository(db), c.clock),
    shares: new SharesService({
      shares: new SharesRepository(db),
      songs,
      catalogue,
      playlists,
      users: usersService,
      clock: c.clock,
    }),
    playerSettings: new PlayerSettingsService(new PlayerSettingsRepository(db)),
    history: new HistoryService(new HistoryRepository(db), songs, historyWrites),
    historyImports: new HistoryImports({
      history: new HistoryRepository(db),
      transact: historyWrites,
      log,
      clock: c.clock,
    }),
    scrobbling: new ScrobblingService({
      links: scrobbleLinks,
      queue: scrobbleQueue,
      tracks: new ScrobbleTracksRepository(db),
      listenBrainz,
      lastFm,
      lastFmSettings,
      sender: scrobbleSender,
      afterAnswer: c.afterAnswer,
      clock: c.clock,
      log,
      timeoutMs: config.scrobbleTimeoutMs,
    }),
    scrobbleSender,
    lastFmSettings,
    lyrics: new LyricsService(
      new LyricsRepository(db),
      retryingTransactor(db, (trx) => ({
        lyrics: new LyricsRepository(trx),
        songs: new SongsRepository(trx),
      })),
      songs,
      audio,
    ),
    subsonicAuth: new SubsonicAuth(apiKeys),
    transcodeParams: new TranscodeParams(c.jwtSecret, c.clock),
    startUp: {
      demo: {
        songs: songsRepository,
        writes: songWrites,
        objects: c.objects,
        covers,
      },
      accounts: newAccounts,
    },
  };
}
