import type { Mix, RadioBatch } from '@cadenza/contract/radio';
import type { MediaUrls } from '../delivery/media-urls';
import { presentSong } from '../songs/songs.presenter';
import type { MixRecord, RadioBatchRecord } from './radio.service';

export function presentRadioBatch(batch: RadioBatchRecord, urls: MediaUrls): RadioBatch {
  return {
    title: batch.title,
    seed: batch.seed,
    songs: batch.songs.map((song) => presentSong(song, urls)),
  };
}

export function presentMix(mix: MixRecord, urls: MediaUrls): Mix {
  return {
    title: mix.title,
    description: mix.description,
    seed: mix.seed,
    coverUrl: mix.cover ? urls.image(mix.cover.coverKey, 'song') : null,
  };
}
