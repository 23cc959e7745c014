import sharp from 'sharp';
import { palettes } from '../src/lib/design-tokens';

/** A file the build writes beside the app, under this name. */
export interface BuiltFile {
  fileName: string;
  source: Uint8Array | string;
}

const { background } = palettes.dark;
const DESCRIPTION = 'Cadenza: stream music, build playlists and listen anywhere.';

/** The brand's two colours, as the mark draws them. */
const gradient = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palettes.dark.primary}"/><stop offset="1" stop-color="${palettes.dark.secondary}"/></linearGradient></defs>`;

/** Shortcut glyphs, drawn like the mark: the brand gradient on the dark ground. */
const SHORTCUT_GLYPHS = {
  search: `<circle cx="28" cy="28" r="13" fill="none" stroke="url(#g)" stroke-width="6"/><path d="M38 38 50 50" stroke="url(#g)" stroke-width="7" stroke-linecap="round"/>`,
  liked: `<path d="M32 51 13.5 33.2C8.6 28.4 8.8 20.6 14 16.2c4.7-4 11.8-3.2 15.8 1.4L32 20l2.2-2.4c4-4.6 11.1-5.4 15.8-1.4 5.2 4.4 5.4 12.2.5 17L32 51Z" fill="url(#g)"/>`,
};

function shortcutSvg(glyph: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" rx="16" fill="${background}"/>${glyph}</svg>`;
}

async function png(svg: string | Buffer, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toBuffer();
}

/**
 * An icon the platform may crop to any shape (a circle, a squircle): the mark shrunk into the
 * middle 60 %, well inside the safe zone (the centre circle of 80 %), on a ground that fills the
 * square. The mark's own rounded square is that ground's colour, so its corners do not show.
 */
async function maskablePng(mark: Buffer, size: number): Promise<Buffer> {
  const inner = Math.round(size * 0.6);
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: await png(mark, inner), left: offset, top: offset }])
    .png()
    .toBuffer();
}

/**
 * The web app manifest and its icons, drawn from the favicon (`public/favicon.svg`): what makes
 * Cadenza installable, with shortcuts to Search and Liked Songs.
 */
export async function appManifestFiles(mark: Buffer): Promise<BuiltFile[]> {
  const icons = [
    { fileName: 'icons/icon-192.png', source: await png(mark, 192) },
    { fileName: 'icons/icon-512.png', source: await png(mark, 512) },
    { fileName: 'icons/maskable-192.png', source: await maskablePng(mark, 192) },
    { fileName: 'icons/maskable-512.png', source: await maskablePng(mark, 512) },
    // iOS rounds the corners itself and ignores the manifest's icons.
    { fileName: 'icons/apple-touch-icon.png', source: await maskablePng(mark, 180) },
    { fileName: 'icons/search-96.png', source: await png(shortcutSvg(SHORTCUT_GLYPHS.search), 96) },
    { fileName: 'icons/liked-96.png', source: await png(shortcutSvg(SHORTCUT_GLYPHS.liked), 96) },
  ];
  const icon = (size: number, name: string, purpose: 'any' | 'maskable') => ({
    src: `/icons/${name}-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
    purpose,
  });
  const manifest = {
    id: '/',
    name: 'Cadenza',
    short_name: 'Cadenza',
    description: DESCRIPTION,
    lang: 'en',
    dir: 'ltr',
    // A listener opens the app on their music; a visitor without a session lands on the login.
    start_url: '/discover',
    scope: '/',
    display: 'standalone',
    background_color: background,
    theme_color: background,
    categories: ['music', 'entertainment'],
    icons: [
      icon(192, 'icon', 'any'),
      icon(512, 'icon', 'any'),
      icon(192, 'maskable', 'maskable'),
      icon(512, 'maskable', 'maskable'),
    ],
    shortcuts: [
      {
        name: 'Search',
        url: '/search',
        icons: [{ src: '/icons/search-96.png', sizes: '96x96', type: 'image/png' }],
      },
      {
        name: 'Liked Songs',
        url: '/library/liked',
        icons: [{ src: '/icons/liked-96.png', sizes: '96x96', type: 'image/png' }],
      },
    ],
  };
  return [
    ...icons,
    { fileName: 'manifest.webmanifest', source: `${JSON.stringify(manifest, null, 2)}\n` },
  ];
}
