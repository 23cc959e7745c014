import type { StatsList, StatsPeriod } from '@cadenza/contract/listening-stats';
import { useCallback } from 'react';
import { getStatsQueue } from '@/api/listening-stats/listening-stats';
import { useToast } from '@/components/toast-context';
import { usePlayer } from '@/lib/player/player-store';

/** Which period a page's lists are of, and what the queue view calls it and links to. */
export interface StatsListsSource {
  period: StatsPeriod;
  at: string | null;
  /** "November 2026", "2025 in music" */
  label: string;
  path: string;
}

/**
 * Plays a statistics list: its songs, as the server answers them, become the queue
 * ("Next from: Top songs · November 2026").
 */
export function usePlayStatsList({ period, at, label, path }: StatsListsSource) {
  const toast = useToast();
  return useCallback(
    async (list: StatsList, title: string) => {
      try {
        const songs = await getStatsQueue(period, at, list);
        const first = songs[0];
        if (!first) {
          toast.info('No songs to play in this list');
          return;
        }
        const source = { kind: 'list', label: `${title} · ${label}`, path } as const;
        usePlayer.getState().playFrom(first, songs, source);
      } catch {
        toast.error('The songs of this list could not be loaded');
      }
    },
    [period, at, label, path, toast],
  );
}
