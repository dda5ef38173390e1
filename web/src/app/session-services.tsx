import { useEffect, useRef } from 'react';
import { toast } from '../components/toast';
import { useHeartbeat } from '../hooks/use-heartbeat';
import { useLocationState, useLocationTracking } from '../hooks/use-location-tracking';

/**
 * What runs while a user is signed in, on every page and for every role: location tracking and
 * the heartbeat. Its own chunk, loaded only after sign-in, so visitors never fetch it.
 * A geolocation error is shown once per sign-in as a toast; the board keeps a status line.
 */
export function SessionServices({ userId }: { userId: number }) {
  useLocationTracking(userId);
  useHeartbeat(userId);
  const { error } = useLocationState();
  const toasted = useRef(false);

  useEffect(() => {
    if (!error || toasted.current) return;
    toasted.current = true;
    toast({ title: 'Location Unavailable', description: error, variant: 'info' });
  }, [error]);

  return null;
}
