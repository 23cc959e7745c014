import { describe, expect, it } from 'vitest';
import {
  releaseGroupOf,
  releaseGroupsOf,
  type ReleaseKind,
} from '@cadenza/contract/release-groups';

/**
 * How an artist's releases are grouped (packages/contract/src/release-groups.ts), shared by the
 * server's order and the web's headings; it lives in the contract, which has no test runner.
 */

const release = (releaseTypes: string[], isCompilation = false): ReleaseKind => ({
  releaseTypes,
  isCompilation,
});

describe('a release’s group', () => {
  it('follows its MusicBrainz types, in any case', () => {
    expect(releaseGroupOf(release(['album']))).toBe('album');
    expect(releaseGroupOf(release(['EP']))).toBe('ep');
    expect(releaseGroupOf(release(['single']))).toBe('single');
    expect(releaseGroupOf(release(['album', 'live']))).toBe('live');
    expect(releaseGroupOf(release(['album', 'compilation']))).toBe('compilation');
  });

  it('is a compilation when flagged, whatever its types; live before EP or single', () => {
    expect(releaseGroupOf(release(['album'], true))).toBe('compilation');
    expect(releaseGroupOf(release(['album', 'live', 'compilation']))).toBe('compilation');
    expect(releaseGroupOf(release(['ep', 'live']))).toBe('live');
  });

  it('is an album when the tags say nothing, or name another type', () => {
    expect(releaseGroupOf(release([]))).toBe('album');
    expect(releaseGroupOf(release(['album', 'soundtrack']))).toBe('album');
  });
});

describe('an artist’s releases by group', () => {
  it('come in the order Albums, EPs, Singles, Compilations, Live, each keeping its order', () => {
    const albums = [
      { title: 'Live One', ...release(['album', 'live']) },
      { title: 'Single', ...release(['single']) },
      { title: 'Newer', ...release(['album']) },
      { title: 'Hits', ...release([], true) },
      { title: 'EP', ...release(['ep']) },
      { title: 'Older', ...release([]) },
    ];
    expect(
      releaseGroupsOf(albums).map(({ label, albums: inGroup }) => [
        label,
        inGroup.map((album) => album.title),
      ]),
    ).toEqual([
      ['Albums', ['Newer', 'Older']],
      ['EPs', ['EP']],
      ['Singles', ['Single']],
      ['Compilations', ['Hits']],
      ['Live', ['Live One']],
    ]);
  });

  it('leave out the groups without releases', () => {
    expect(releaseGroupsOf([release(['single'])]).map(({ group }) => group)).toEqual(['single']);
    expect(releaseGroupsOf([])).toEqual([]);
  });
});
