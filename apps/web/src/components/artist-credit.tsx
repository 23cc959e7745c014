import Link, { type LinkProps } from '@mui/material/Link';
import { creditSegments } from '@cadenza/contract/artist-credit';
import type { Song } from '@cadenza/contract/songs';
import { Fragment } from 'react';
import { artistPath } from './song-actions/song-menu-actions';

/**
 * A song's artists as every screen credits them (artist-credit.ts in the contract): each name a
 * link to the artist's page, or plain text where a link cannot be (inside a button).
 */
export function ArtistCredit({
  song,
  plain = false,
  linkProps,
}: {
  song: Pick<Song, 'artist' | 'artists'>;
  plain?: boolean;
  /** How each name's link looks and behaves: its colour, weight, tab stop, click handling. */
  linkProps?: Omit<LinkProps, 'href' | 'children'>;
}) {
  return creditSegments(song.artist, song.artists).map(({ text, artistId }, index) =>
    plain || artistId === undefined ? (
      <Fragment key={index}>{text}</Fragment>
    ) : (
      <Link
        key={index}
        href={artistPath(artistId)}
        color="inherit"
        underline="hover"
        {...linkProps}
      >
        {text}
      </Link>
    ),
  );
}
