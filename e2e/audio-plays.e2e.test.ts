import { describe, expect, it } from 'vitest';
import { playUntil } from './support/audio-probe';
import { openPage } from './support/browser';
import { ADMIN } from './support/server';
import { useDemoServer } from './support/demo-server';

const demo = useDemoServer();

interface SongJson {
  readonly title: string;
  readonly coverImage: string;
  readonly audioFile: string;
}

async function firstDemoSong(): Promise<SongJson> {
  const login = await fetch(`${demo.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(login.status).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const list = await fetch(`${demo.server.url}/api/user/songs?limit=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { data } = (await list.json()) as { data: SongJson[] };
  expect(data.length).toBe(1);
  return data[0]!;
}

describe('the demo library in a real browser', () => {
  it('plays a song through its signed audio URL, with no headers', async () => {
    const song = await firstDemoSong();
    const { page, context } = await openPage(demo.browser, demo.server.url);
    try {
      await page.goto('/');
      const position = await playUntil(page, song.audioFile);
      expect(position).toBeGreaterThan(1);
    } finally {
      await context.close();
    }
  });

  it("shows the song's cover in an <img>", async () => {
    const song = await firstDemoSong();
    const { page, context } = await openPage(demo.browser, demo.server.url);
    try {
      await page.goto('/');
      const width = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return image.naturalWidth;
      }, song.coverImage);
      expect(width).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
