/**
 * Every `code` the API answers with in its error envelope (docs/architecture.md §5). Codes are stable: clients
 * branch on them, while the `message` beside them is for people and may be reworded.
 */
export const errorCodes = [
  // The request itself
  'invalid_input',
  'invalid_json',
  'empty_body',
  'body_too_large',
  'unsupported_media_type',
  'malformed_multipart',
  'unexpected_file_field',
  'duplicate_file_field',
  'invalid_cursor',
  'route_not_found',
  'invalid_address',
  'address_too_long',
  'headers_too_large',
  'request_timeout',
  'malformed_request',
  'not_found',
  // Sessions and permissions
  'unauthorized',
  'session_expired',
  'forbidden',
  'admins_only',
  'rate_limited',
  // Accounts
  'email_taken',
  'invalid_credentials',
  'invalid_reset_token',
  'password_too_common',
  // Second factor and single sign-on
  'invalid_second_factor_code',
  'invalid_sign_in_challenge',
  'second_factor_enabled',
  'second_factor_not_started',
  'second_factor_required',
  'sign_in_not_configured',
  'sign_in_failed',
  'registration_closed',
  'account_not_found',
  'user_not_found',
  'admin_not_deletable',
  'seeding_disabled',
  'invalid_current_password',
  'reauthentication_required',
  'email_unchanged',
  'invalid_email_change_token',
  'session_not_found',
  'seed_names_exhausted',
  'registration_closed',
  'invitation_required',
  'invalid_invitation',
  'invitation_email_mismatch',
  'invitation_not_found',
  'account_disabled',
  'password_change_required',
  'last_admin',
  // Songs and media
  'song_not_found',
  'lyrics_not_found',
  'bookmark_not_found',
  'share_not_found',
  'share_expired',
  'station_not_found',
  'station_unreachable',
  'station_busy',
  'podcast_not_found',
  'episode_not_found',
  'podcast_exists',
  'feed_refused',
  'episode_not_downloaded',
  'audio_required',
  'audio_file_missing',
  'unsupported_file_type',
  'upload_too_large',
  'media_not_found',
  'range_not_satisfiable',
  'invalid_media_link',
  'invalid_image_size',
  'unsupported_codec',
  'unreadable_audio',
  'invalid_stream_request',
  'transcoding_busy',
  // Listening history and what is brought from other services
  'play_not_found',
  'history_import_not_found',
  'unmatched_listen_not_found',
  'history_file_unrecognised',
  'history_file_truncated',
  'history_file_too_large',
  // The library
  'library_not_configured',
  // API keys for phone and desktop apps
  'api_key_not_found',
  'too_many_api_keys',
  // Albums, artists and genres
  'album_not_found',
  'artist_not_found',
  'genre_not_found',
  'radio_seed_not_found',
  // Playlists
  'playlist_not_found',
  'song_not_in_playlist',
  'song_already_in_playlist',
  'default_playlist_read_only',
  'not_playlist_owner',
  'position_out_of_range',
  'smart_playlist_read_only',
  'nsp_unsupported',
  // Scrobbling to ListenBrainz and Last.fm
  'scrobbling_token_invalid',
  'lastfm_not_configured',
  'lastfm_not_allowed',
  // The server and what it depends on
  'chat_unavailable',
  'upstream_failed',
  'service_unavailable',
  'storage_unavailable',
  'storage_full',
  'internal_error',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

const known: ReadonlySet<string> = new Set(errorCodes);

/**
 * Whether `value` is one of the codes. Without zod: the web app checks the codes of every error
 * answer and should not download zod for it.
 */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && known.has(value);
}
