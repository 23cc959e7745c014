const PRODUCT_SUFFIX = 'Cadenza';

/** A download's file name, exact (any script) and folded to ASCII for old clients. */
export interface DownloadName {
  readonly exact: string;
  readonly ascii: string;
}

/** docs/product.md §5 as docs/product.md §10.11 settles it: letters, digits and `_` kept, `unknown` if none. */
function namePart(text: string, unwanted: RegExp): string {
  return text.normalize('NFC').replace(unwanted, '') || 'unknown';
}

const NOT_A_LETTER_OR_DIGIT = /[^\p{L}\p{N}_]/gu;
const NOT_ASCII_WORD = /[^A-Za-z0-9_]/g;

/** Letters lose their accents (é → e); letters without a plain form are dropped. */
function foldToAscii(text: string): string {
  return text.normalize('NFKD').replace(NOT_ASCII_WORD, '');
}

/** `title_artist_Cadenza.<ext>`, with the extension of the stored file. */
export function downloadName(title: string, artist: string, extension: string): DownloadName {
  const exact = [namePart(title, NOT_A_LETTER_OR_DIGIT), namePart(artist, NOT_A_LETTER_OR_DIGIT)];
  const ascii = [
    namePart(foldToAscii(title), NOT_ASCII_WORD),
    namePart(foldToAscii(artist), NOT_ASCII_WORD),
  ];
  const ext = extension.replace(/[^A-Za-z0-9]/g, '') || 'bin';
  return {
    exact: `${exact.join('_')}_${PRODUCT_SUFFIX}.${ext}`,
    ascii: `${ascii.join('_')}_${PRODUCT_SUFFIX}.${ext}`,
  };
}

/** RFC 5987 attr-chars stay as they are; everything else is percent-encoded UTF-8. */
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** An RFC 6266 attachment header: the ASCII `filename` for old clients, the exact `filename*`. */
export function attachmentDisposition(name: DownloadName): string {
  return `attachment; filename="${name.ascii}"; filename*=UTF-8''${encodeExtValue(name.exact)}`;
}
