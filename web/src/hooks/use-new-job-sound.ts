import { useEffect, useRef } from 'react';

export const NEW_JOB_SOUND_URL = '/media/new-job.wav';

/**
 * A sound when the appointment count grows and the user has no active job. Not on the first load
 * (`previous` is undefined then).
 */
export function shouldPlayNewJobSound(
  previous: number | undefined,
  next: number,
  hasActiveJob: boolean,
): boolean {
  return previous !== undefined && next > previous && !hasActiveJob;
}

/** Plays the new-job chime; a browser that blocks autoplay (no click yet) is ignored. */
export function useNewJobSound(count: number | undefined, hasActiveJob: boolean) {
  const previous = useRef<number | undefined>(undefined);
  const audio = useRef<HTMLAudioElement | null>(null);

  useEffect(() => {
    if (count === undefined) return;
    const before = previous.current;
    previous.current = count;
    if (!shouldPlayNewJobSound(before, count, hasActiveJob)) return;
    try {
      audio.current ??= new Audio(NEW_JOB_SOUND_URL);
      audio.current.currentTime = 0;
      void audio.current.play().catch(() => undefined);
    } catch {
      // No audio support: the card still appears.
    }
  }, [count, hasActiveJob]);
}
