import { describe, expect, it } from 'vitest';
import { attachmentDisposition, downloadName } from './download-name';

describe('downloadName', () => {
  it.each([
    ['Ironwood', 'The Hollow Pines', 'mp3', 'Ironwood_TheHollowPines_Cadenza.mp3'],
    ['Rust & Thunder', 'AC/DC', 'mp3', 'RustThunder_ACDC_Cadenza.mp3'],
    ['snake_case', 'x', 'flac', 'snake_case_x_Cadenza.flac'],
    ['!!!', '   ', 'mp3', 'unknown_unknown_Cadenza.mp3'],
    ['Ünïcödé', 'Sigur Rós', 'm4a', 'Ünïcödé_SigurRós_Cadenza.m4a'],
    ['夜に駆ける', 'YOASOBI', 'mp3', '夜に駆ける_YOASOBI_Cadenza.mp3'],
  ])('names %s by %s as in docs/product.md §5', (title, artist, extension, expected) => {
    expect(downloadName(title, artist, extension).exact).toBe(expected);
  });

  it('folds accents for the ASCII name and uses unknown where nothing is left', () => {
    expect(downloadName('Ünïcödé', 'Sigur Rós', 'mp3').ascii).toBe('Unicode_SigurRos_Cadenza.mp3');
    expect(downloadName('夜に駆ける', 'YOASOBI', 'mp3').ascii).toBe('unknown_YOASOBI_Cadenza.mp3');
  });
});

describe('attachmentDisposition', () => {
  it('gives an ASCII filename and the exact name percent-encoded in filename*', () => {
    const header = attachmentDisposition(downloadName("Don't (Stop)", 'Café*', 'mp3'));
    expect(header).toBe(
      `attachment; filename="DontStop_Cafe_Cadenza.mp3"; filename*=UTF-8''DontStop_Caf%C3%A9_Cadenza.mp3`,
    );
  });
});
