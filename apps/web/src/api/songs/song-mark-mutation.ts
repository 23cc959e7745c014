import type { Song, SongMarks } from '@cadenza/contract/songs';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { profileKeys, songKeys } from '@/api/query-keys';

/** Which of the listener's marks a toggle flips. */
export type SongMarkKind = keyof SongMarks;

/** The marks with `songId` marked (first, as the newest) or not. */
export function withMark(
  marks: SongMarks,
  kind: SongMarkKind,
  songId: string,
  on: boolean,
): SongMarks {
  const others = marks[kind].filter((id) => id !== songId);
  return { ...marks, [kind]: on ? [songId, ...others] : others };
}

/** What a toggle changed before the server answered, to take back if it fails. */
interface OptimisticMark {
  /** Whether the song was marked before; undefined when the marks were not loaded. */
  readonly was: boolean | undefined;
}

/**
 * A like or save toggle: the song's mark flips at once in the cached marks, goes back if the
 * server refuses, and takes the server's answer when it comes. Only the marked list itself is
 * read again (a page at a time); the profile is left to refresh when next shown.
 */
export function useSongMarkToggle(
  kind: SongMarkKind,
  toggle: (songId: string) => Promise<boolean>,
  list: QueryKey,
) {
  const queryClient = useQueryClient();
  const setMark = (songId: string, on: boolean) =>
    queryClient.setQueryData<SongMarks>(songKeys.marks(), (marks) =>
      marks ? withMark(marks, kind, songId, on) : marks,
    );
  return useMutation<boolean, Error, Song, OptimisticMark>({
    mutationFn: (song) => toggle(song._id),
    onMutate: async (song) => {
      // A read under way would otherwise overwrite the flip with what it read before.
      await queryClient.cancelQueries({ queryKey: songKeys.marks() });
      const marks = queryClient.getQueryData<SongMarks>(songKeys.marks());
      const was = marks?.[kind].includes(song._id);
      if (was !== undefined) setMark(song._id, !was);
      return { was };
    },
    onError: (_error, song, context) => {
      if (context?.was !== undefined) setMark(song._id, context.was);
    },
    onSuccess: (on, song) => {
      setMark(song._id, on);
      void queryClient.invalidateQueries({ queryKey: list });
      void queryClient.invalidateQueries({ queryKey: profileKeys.me(), refetchType: 'none' });
    },
  });
}
