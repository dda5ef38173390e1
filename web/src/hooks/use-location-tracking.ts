import { useEffect, useSyncExternalStore } from 'react';
import { locationTracker, type LocationState } from '../lib/location-tracker';

/** Tracks the signed-in user's position while `userId` is set; stops at sign-out. */
export function useLocationTracking(userId: number | null) {
  useEffect(() => {
    if (userId === null) return;
    locationTracker.start(userId);
    return () => locationTracker.stop();
  }, [userId]);
}

/** Permission, tracking and the last error, for the board's status line. */
export function useLocationState(): LocationState {
  return useSyncExternalStore(locationTracker.subscribe, locationTracker.getState);
}

/** Asks for the position from a click ("Share my location"); the browser may prompt. */
export function shareLocation(): void {
  locationTracker.share();
}
