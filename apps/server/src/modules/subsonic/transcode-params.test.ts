import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newId } from '../../ids';
import { deriveKey } from '../../secrets';
import { TRANSCODE_PARAMS_LIFETIME_SECONDS, TranscodeParams } from './transcode-params';

const SECRET = 'a-server-secret-that-is-long-enough-for-signing';
const song = { id: newId(), audioKey: 'audio/one.flac' };
const MP3_128 = { kind: 'transcode', format: 'mp3', kbps: 128 } as const;

/** A payload signed with the right key, as only someone holding the server's secret could. */
function signedWithServerKey(payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const key = deriveKey(SECRET, 'subsonic-transcode-params');
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

describe('TranscodeParams', () => {
  it('reads back what it signed, as URL-safe text', () => {
    const params = new TranscodeParams(SECRET);
    const transcode = params.sign(song, MP3_128);
    expect(transcode).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(params.read(transcode, song)).toEqual(MP3_128);
    expect(params.read(params.sign(song, { kind: 'original' }), song)).toEqual({
      kind: 'original',
    });
  });

  it('refuses a changed payload, a changed signature, another key, and text that is none', () => {
    const params = new TranscodeParams(SECRET);
    const [body = '', signature = ''] = params.sign(song, MP3_128).split('.');
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as object;
    const richer = Buffer.from(JSON.stringify({ ...payload, k: 320 })).toString('base64url');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const text of [
      `${richer}.${signature}`,
      `${body}.${flipped}`,
      new TranscodeParams('another-secret-that-is-long-enough-for-it').sign(song, MP3_128),
      '',
      'mp3-128',
      `${body}.${signature}.x`,
      `${body}.${signature}=`,
      `${'A'.repeat(600)}.${signature}`,
    ]) {
      expect(params.read(text, song), text).toBe('forged');
    }
  });

  it('refuses a well-signed payload that is not exactly its own shape', () => {
    const params = new TranscodeParams(SECRET);
    const good = { v: 1, s: song.id, f: 'A'.repeat(16), t: 'mp3', k: 128, e: 2_000_000_000 };
    for (const payload of [
      { ...good, v: 2 },
      { ...good, t: '-vf evil' },
      { ...good, k: 1.5 },
      { ...good, extra: true },
      [good],
    ]) {
      expect(params.read(signedWithServerKey(payload), song)).toBe('forged');
    }
  });

  it('holds for one song, its file and its lifetime', () => {
    let now = new Date('2026-11-30T12:00:00Z');
    const params = new TranscodeParams(SECRET, () => now);
    const text = params.sign(song, MP3_128);
    expect(params.read(text, { ...song, id: newId() })).toBe('other-song');
    expect(params.read(text, { ...song, audioKey: 'audio/two.flac' })).toBe('file-changed');
    now = new Date(now.getTime() + (TRANSCODE_PARAMS_LIFETIME_SECONDS - 1) * 1000);
    expect(params.read(text, song)).toEqual(MP3_128);
    now = new Date(now.getTime() + 1000);
    expect(params.read(text, song)).toBe('expired');
  });
});
