import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_FIXTURES_DIR } from '../apps/server/test/audio-corpus';
import { AUDIO_CORPUS } from '../apps/server/test/audio-corpus-outcomes';
import { launchBrowser, openPage } from './support/browser';

/**
 * What Chromium does with each file of the server's audio corpus (apps/server/test/fixtures/
 * audio): the evidence for the import rule that takes what it plays and refuses the rest
 * (apps/server/src/modules/audio-files/playable-codecs.ts). The player plays a short song from
 * `decodeAudioData`, and any song on an <audio> element (which it falls back to): both must
 * agree with the corpus's table.
 */

/** The types the server sends these files with; what it does not recognise goes untyped. */
const TYPES: Readonly<Record<string, string>> = {
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.mp4': 'audio/mp4',
  '.aac': 'audio/aac',
  '.flac': 'audio/flac',
  '.ogg': 'audio/ogg',
  '.oga': 'audio/ogg',
  '.opus': 'audio/ogg',
  '.spx': 'audio/ogg',
  '.wav': 'audio/wav',
};

/** Serves the corpus over loopback, with ranges, as a media route would; and a blank page. */
function serveCorpus(): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://corpus').pathname.slice(1));
    if (name === '') {
      response.setHeader('content-type', 'text/html');
      response.end('<!doctype html><title>corpus</title>');
      return;
    }
    if (!(name in AUDIO_CORPUS)) {
      response.statusCode = 404;
      response.end();
      return;
    }
    const bytes = fs.readFileSync(path.join(AUDIO_FIXTURES_DIR, name));
    response.setHeader('accept-ranges', 'bytes');
    response.setHeader('content-type', TYPES[path.extname(name)] ?? 'application/octet-stream');
    const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
    if (!range) {
      response.end(bytes);
      return;
    }
    const start = Number(range[1]);
    const end = range[2] ? Math.min(Number(range[2]), bytes.length - 1) : bytes.length - 1;
    response.statusCode = 206;
    response.setHeader('content-range', `bytes ${start}-${end}/${bytes.length}`);
    response.end(bytes.subarray(start, end + 1));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Whether an <audio> element plays the file: its time moves on, or it ends, with no error. */
function elementPlays(page: Page, url: string): Promise<boolean> {
  return page.evaluate(
    (src) =>
      new Promise<boolean>((resolve) => {
        const audio = new Audio();
        audio.muted = true;
        const settle = (plays: boolean) => {
          audio.pause();
          audio.removeAttribute('src');
          resolve(plays);
        };
        audio.addEventListener('timeupdate', () => {
          if (audio.currentTime > 0) settle(true);
        });
        audio.addEventListener('ended', () => settle(audio.currentTime > 0));
        audio.addEventListener('error', () => settle(false));
        audio.src = src;
        // A source it cannot play also rejects play(), after (or instead of) the error event.
        audio.play().catch(() => settle(false));
      }),
    url,
  );
}

/** Whether `decodeAudioData` decodes the file into some audio. */
function decodes(page: Page, url: string): Promise<boolean> {
  return page.evaluate(async (src) => {
    const bytes = await (await fetch(src)).arrayBuffer();
    try {
      const decoded = await new OfflineAudioContext(1, 1, 44_100).decodeAudioData(bytes);
      return decoded.length > 0;
    } catch {
      return false;
    }
  }, url);
}

let server: http.Server;
let baseUrl: string;
let browser: Browser;
let page: Page;
let closePage: () => Promise<void>;

beforeAll(async () => {
  server = await serveCorpus();
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
  const opened = await openPage(browser, baseUrl);
  page = opened.page;
  closePage = () => opened.context.close();
  await page.goto('/');
});
afterAll(async () => {
  await closePage?.();
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

describe('Chromium with the audio corpus', () => {
  it.each(Object.entries(AUDIO_CORPUS))('%s', async (name, { plays }) => {
    const url = `${baseUrl}/${encodeURIComponent(name)}`;
    expect({ element: await elementPlays(page, url), decoded: await decodes(page, url) }).toEqual({
      element: plays,
      decoded: plays,
    });
  });
});
