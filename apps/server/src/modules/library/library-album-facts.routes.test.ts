import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AlbumDetail } from '@cadenza/contract/catalogue';
import type { Song } from '@cadenza/contract/songs';
import { eachTestWithMusicFolder, scanLibrary } from '../../../test/library-scans';
import { injectForm } from '../../../test/multipart';
import { FLAC_VORBIS_COMMENT, flacWithBlocks, vorbisComment } from '../../../test/tag-fixtures';

/** An album's dates, labels, types and compilation flag follow its files as they change. */

const library = eachTestWithMusicFolder();
const scan = () => scanLibrary(library.t, library.admin);
const release = { ARTIST: 'Nova', ALBUMARTIST: 'Nova', ALBUM: 'The Tide' };

/** Writes a tagged FLAC file; a file written again looks changed to the next scan. */
let written = 0;
function write(name: string, fields: Record<string, string>): string {
  const file = path.join(library.music, name);
  fs.writeFileSync(file, flacWithBlocks(2, [[FLAC_VORBIS_COMMENT, vorbisComment(fields)]]));
  written += 1;
  const time = new Date(Date.now() + written * 60_000);
  fs.utimesSync(file, time, time);
  return file;
}

async function theAlbum(): Promise<AlbumDetail> {
  const { t, admin } = library;
  const songs = await t.app.inject({ url: '/api/admin/songs?limit=10', headers: admin.headers });
  const albumIds = new Set(songs.json<{ data: Song[] }>().data.map((song) => song.albumId));
  expect(albumIds.size).toBe(1);
  const res = await t.app.inject({
    url: `/api/user/albums/${[...albumIds][0]}`,
    headers: admin.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: AlbumDetail }>().data;
}

const factsOf = (album: AlbumDetail) => {
  const { year, releaseDate, originalReleaseDate, recordLabels, releaseTypes, isCompilation } =
    album;
  return { year, releaseDate, originalReleaseDate, recordLabels, releaseTypes, isCompilation };
};

describe("an album's facts and its changing files", () => {
  it('take what the files say once they are tagged anew, and forget what they say no more', async () => {
    const tagged = {
      ...release,
      DATE: '2004-03-02',
      ORIGINALDATE: '1999',
      LABEL: 'Night Records',
      RELEASETYPE: 'album',
    };
    write('1.flac', { ...tagged, TITLE: 'One', TRACKNUMBER: '1' });
    write('2.flac', { ...tagged, TITLE: 'Two', TRACKNUMBER: '2' });
    await scan();
    expect(factsOf(await theAlbum())).toEqual({
      year: 2004,
      releaseDate: '2004-03-02',
      originalReleaseDate: '1999',
      recordLabels: ['Night Records'],
      releaseTypes: ['album'],
      isCompilation: false,
    });

    const retagged = { ...release, DATE: '2010-06', RELEASETYPE: 'ep' };
    write('1.flac', { ...retagged, TITLE: 'One', TRACKNUMBER: '1' });
    write('2.flac', { ...retagged, TITLE: 'Two', TRACKNUMBER: '2' });
    expect(await scan()).toMatchObject({ updated: 2, errorCount: 0 });
    expect(factsOf(await theAlbum())).toEqual({
      year: 2010,
      releaseDate: '2010-06',
      originalReleaseDate: null,
      recordLabels: [],
      releaseTypes: ['ep'],
      isCompilation: false,
    });
  });

  it('are those of the first track that states them, and of the songs still in the album', async () => {
    write('2.flac', { ...release, TITLE: 'Two', TRACKNUMBER: '2', LABEL: 'Second Label' });
    await scan();
    expect((await theAlbum()).recordLabels).toEqual(['Second Label']);
    write('1.flac', { ...release, TITLE: 'One', TRACKNUMBER: '1', LABEL: 'First Label' });
    const bonus = write('3.flac', {
      ...release,
      TITLE: 'Bonus',
      TRACKNUMBER: '3',
      COMPILATION: '1',
    });
    await scan();
    expect(factsOf(await theAlbum())).toMatchObject({
      recordLabels: ['First Label'],
      isCompilation: true,
    });

    fs.rmSync(bonus);
    expect(await scan()).toMatchObject({ removed: 1 });
    expect((await theAlbum()).isCompilation).toBe(false);
  });

  it('stay as they were while some song was read before files said more of their release', async () => {
    write('1.flac', { ...release, TITLE: 'One', TRACKNUMBER: '1', LABEL: 'Night Records' });
    write('2.flac', { ...release, TITLE: 'Two', TRACKNUMBER: '2', LABEL: 'Night Records' });
    await scan();
    // As songs scanned before the release facts of each song were kept.
    await library.t.database.db.updateTable('songs').set({ release_facts: null }).execute();

    write('2.flac', { ...release, TITLE: 'Two', TRACKNUMBER: '2', DATE: '2012' });
    await scan();
    expect(factsOf(await theAlbum())).toMatchObject({
      releaseDate: '2012',
      recordLabels: ['Night Records'],
    });
  });

  it('come back, once, from files an earlier tag reader read, which keep what was set by hand', async () => {
    const tagged = { ...release, DATE: '2004-03-02', LABEL: 'Night Records', RELEASETYPE: 'ep' };
    write('1.flac', { ...tagged, TITLE: 'One', TRACKNUMBER: '1' });
    await scan();
    const { t, admin } = library;
    const [song] = (await theAlbum()).songs;
    const edit = await injectForm(
      t.app,
      { method: 'PUT', url: `/api/admin/songs/${song?._id}`, headers: admin.headers },
      {
        title: 'Typed Title',
        trackNumber: '7',
        artists: JSON.stringify([
          { name: 'Nova', role: 'main' },
          { name: 'A Guest', role: 'featured' },
        ]),
        genres: JSON.stringify(['Post-Rock']),
        lyrics: 'Typed words',
      },
    );
    expect(edit.statusCode, edit.body).toBe(200);
    // As a song and album read before their release facts were kept.
    await t.database.db
      .updateTable('songs')
      .set({ release_facts: null, tags_read_version: 0 })
      .execute();
    await t.database.db
      .updateTable('albums')
      .set({ release_date: null, record_labels: null, release_types: null })
      .execute();

    expect(await scan()).toMatchObject({ updated: 1, unchanged: 0, replacedEdits: [] });
    const album = await theAlbum();
    expect(factsOf(album)).toMatchObject({
      releaseDate: '2004-03-02',
      recordLabels: ['Night Records'],
      releaseTypes: ['ep'],
    });
    expect(album.songs[0]).toMatchObject({
      _id: song?._id,
      title: 'Typed Title',
      trackNumber: 7,
      displayArtist: 'Nova feat. A Guest',
      genres: [{ name: 'Post-Rock' }],
    });
    const lyrics = await t.app.inject({
      url: `/api/user/songs/${song?._id}/lyrics`,
      headers: admin.headers,
    });
    expect(lyrics.json().data.lyrics).toMatchObject({
      source: 'edited',
      lines: [{ start: null, value: 'Typed words' }],
    });

    expect(await scan()).toMatchObject({ updated: 0, unchanged: 1 });
  });
});
