import { describe, expect, it } from 'vitest';
import {
  creditSegments,
  creditText,
  type ArtistRole,
  type CreditedArtist,
} from '@cadenza/contract/artist-credit';
import { artistCredits } from './grouping';

/**
 * The one display rule for artist credits (packages/contract/src/artist-credit.ts), shared by
 * the web app and both APIs; it lives in the contract, which has no test runner of its own.
 */

const artist = (name: string, role: ArtistRole = 'main'): CreditedArtist => ({
  _id: `id-${name}`,
  name,
  role,
});

/** The artists the catalogue credits for this artist text and title (grouping.ts). */
function creditedFromTags(text: string, title = 'Song', values?: string[]): CreditedArtist[] {
  const { main, featured } = artistCredits({ artist: text, title, artists: values });
  return [...main.map((name) => artist(name)), ...featured.map((name) => artist(name, 'featured'))];
}

describe('creditSegments', () => {
  it('credits "DJ Kato feat. Lia Park & MC Rho" as tagged, each name a link', () => {
    const text = 'DJ Kato feat. Lia Park & MC Rho';
    expect(creditSegments(text, creditedFromTags(text))).toEqual([
      { text: 'DJ Kato', artistId: 'id-DJ Kato' },
      { text: ' feat. ' },
      { text: 'Lia Park', artistId: 'id-Lia Park' },
      { text: ' & ' },
      { text: 'MC Rho', artistId: 'id-MC Rho' },
    ]);
    expect(creditText(text, creditedFromTags(text))).toBe(text);
  });

  it('keeps the joins between main artists the artist text writes', () => {
    const duo = [artist('Simon'), artist('Garfunkel')];
    expect(creditSegments('Simon & Garfunkel', duo)).toEqual([
      { text: 'Simon', artistId: 'id-Simon' },
      { text: ' & ' },
      { text: 'Garfunkel', artistId: 'id-Garfunkel' },
    ]);
    expect(creditText('Alpha x Beta (feat. Gamma)', [artist('Alpha'), artist('Beta')])).toBe(
      'Alpha x Beta',
    );
    expect(
      creditText('A, B & C ft. D', [
        artist('A'),
        artist('B'),
        artist('C'),
        artist('D', 'featured'),
      ]),
    ).toBe('A, B & C feat. D');
  });

  it('finds the names in any case and spacing, and shows them as credited', () => {
    expect(creditText('the  beatles', [artist('The Beatles')])).toBe('The Beatles');
    expect(creditText('SIMON and garfunkel', [artist('Simon'), artist('Garfunkel')])).toBe(
      'Simon and Garfunkel',
    );
  });

  it('joins with ", " and " & " when the text does not write the names in order', () => {
    const values = ['Nova', 'Echo', 'Drift'];
    expect(creditText('Nova', creditedFromTags('Nova', 'Song', values))).toBe('Nova, Echo & Drift');
    expect(creditText('Garfunkel & Simon', [artist('Simon'), artist('Garfunkel')])).toBe(
      'Simon & Garfunkel',
    );
  });

  it('credits the artists a title features after " feat. "', () => {
    const credited = creditedFromTags('Nova', 'Night Drive (feat. Echo & Drift)');
    expect(creditText('Nova', credited)).toBe('Nova feat. Echo & Drift');
    const featured = ['Lia Park', 'MC Rho', 'Ola'].map((name) => artist(name, 'featured'));
    expect(creditText('DJ Kato', [artist('DJ Kato'), ...featured])).toBe(
      'DJ Kato feat. Lia Park, MC Rho & Ola',
    );
  });

  it('shows the artist text of a song without artists, and "Unknown Artist" for none', () => {
    expect(creditSegments(' Old Row feat. Someone ', [])).toEqual([
      { text: 'Old Row feat. Someone' },
    ]);
    expect(creditText('  ', [])).toBe('Unknown Artist');
  });

  it('matches names with regular-expression characters literally', () => {
    const names = [artist('A+B (Live)'), artist('C.*D'), artist('$1 [x]')];
    expect(creditText('A+B (Live) / C.*D vs. $1 [x]', names)).toBe('A+B (Live) / C.*D vs. $1 [x]');
    expect(creditText('AxB and CxxD', [artist('A.B'), artist('C.*D')])).toBe('A.B & C.*D');
  });

  it('keeps markup in a name as text', () => {
    const tagged = [artist('<b>Bold</b>'), artist('<img src=x onerror=alert(1)>', 'featured')];
    expect(creditSegments('<b>Bold</b> feat. <img src=x onerror=alert(1)>', tagged)).toEqual([
      { text: '<b>Bold</b>', artistId: 'id-<b>Bold</b>' },
      { text: ' feat. ' },
      { text: '<img src=x onerror=alert(1)>', artistId: 'id-<img src=x onerror=alert(1)>' },
    ]);
  });
});
