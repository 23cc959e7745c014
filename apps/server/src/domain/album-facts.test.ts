import { describe, expect, it } from 'vitest';
import { albumFactsOf, parseReleaseFacts, releaseFactsOf, type AlbumFacts } from './album-facts';

const NONE: AlbumFacts = {
  year: null,
  releaseDate: null,
  originalDate: null,
  labels: null,
  releaseTypes: null,
  compilation: false,
  sortTitle: null,
};
const KEPT: AlbumFacts = {
  year: 1999,
  releaseDate: '1999-05-01',
  originalDate: '1998',
  labels: ['Old Label'],
  releaseTypes: ['album'],
  compilation: true,
  sortTitle: 'Old Sort',
};

describe('release facts of a file', () => {
  it('keeps what the tags state and leaves out what they do not', () => {
    expect(
      releaseFactsOf({ releaseDate: '2021-04-09', labels: ['Harbour'], compilation: false }),
    ).toEqual({ releaseDate: '2021-04-09', labels: ['Harbour'] });
    expect(releaseFactsOf({ labels: [], releaseTypes: ['ep'], compilation: true })).toEqual({
      releaseTypes: ['ep'],
      compilation: true,
    });
  });

  it('reads kept facts back, and nothing from text that is not such facts', () => {
    const facts = releaseFactsOf({ originalDate: '2019', releaseTypes: ['single'] });
    expect(parseReleaseFacts(JSON.stringify(facts))).toEqual(facts);
    expect(parseReleaseFacts('{}')).toEqual({});
    expect(parseReleaseFacts(null)).toBeNull();
    expect(parseReleaseFacts('not json')).toBeNull();
    expect(parseReleaseFacts('[1]')).toBeNull();
    expect(parseReleaseFacts('{"labels":[3],"releaseDate":7,"compilation":"yes"}')).toEqual({});
  });
});

describe("an album's facts from its songs", () => {
  it('takes each fact from the first song that states it, and a compilation from any', () => {
    const facts = albumFactsOf(
      [
        { releaseYear: null, facts: { labels: ['First'] } },
        { releaseYear: 2021, facts: { releaseDate: '2021-04-09', labels: ['Second'] } },
        {
          releaseYear: 2020,
          facts: { compilation: true, releaseTypes: ['compilation'], albumSort: 'Sampler, The' },
        },
      ],
      KEPT,
    );
    expect(facts).toEqual({
      year: 2021,
      releaseDate: '2021-04-09',
      originalDate: null,
      labels: ['First'],
      releaseTypes: ['compilation'],
      compilation: true,
      sortTitle: 'Sampler, The',
    });
  });

  it('forgets a fact no song states any more, once every song was read', () => {
    expect(albumFactsOf([{ releaseYear: null, facts: {} }], KEPT)).toEqual(NONE);
  });

  it('keeps what the album has while a song was never read for its facts', () => {
    const facts = albumFactsOf(
      [
        { releaseYear: 1999, facts: null },
        { releaseYear: 1999, facts: { labels: ['New Label'] } },
      ],
      KEPT,
    );
    expect(facts).toEqual({ ...KEPT, labels: ['New Label'] });
  });
});
