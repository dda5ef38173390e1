import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isLinkToken, type TrackingView } from '@cincy/contracts';
import {
  TRACKING_KEYS,
  cancelVisit,
  fetchBookingDetails,
  fetchTrackingView,
  findBooking,
  optOut,
  rescheduleVisit,
} from '../api/tracking';

// The customer's side, read and changed by the visit's private link token (no session).

/** The booking as the confirmation page shows it; read again on each visit (it moves on). */
export function useBookingDetails(token: string) {
  return useQuery({
    queryKey: TRACKING_KEYS.booking(token),
    queryFn: ({ signal }) => fetchBookingDetails(token, signal),
    enabled: isLinkToken(token),
    staleTime: 0,
  });
}

/** The visit as the tracking page shows it; the `/track` socket keeps it current after. */
export function useTrackingView(token: string) {
  return useQuery({
    queryKey: TRACKING_KEYS.track(token),
    queryFn: ({ signal }) => fetchTrackingView(token, signal),
    enabled: isLinkToken(token),
    staleTime: 0,
  });
}

/** Writes a pushed view, and reads both pages' copies again (after a reconnect or a change). */
export function useMyVisitCache(token: string) {
  const client = useQueryClient();
  return {
    write: (update: TrackingView | ((old: TrackingView | undefined) => TrackingView | undefined)) =>
      client.setQueryData<TrackingView>(TRACKING_KEYS.track(token), update),
    readAgain: () => {
      void client.invalidateQueries({ queryKey: TRACKING_KEYS.track(token) });
      void client.invalidateQueries({ queryKey: TRACKING_KEYS.booking(token) });
    },
  };
}

/** "Find your booking": the reference and phone open the private link. */
export const useFindBooking = () => useMutation({ mutationFn: findBooking });

/** The customer cancels, with an optional reason. */
export const useCancelMyVisit = (token: string) =>
  useMutation({
    mutationFn: (why: string) => cancelVisit(token, { reason: why.trim() || null }),
  });

/** The customer moves a scheduled visit to another hour of a date. */
export const useMoveMyVisit = (token: string) =>
  useMutation({
    mutationFn: (hour: { scheduledDate: string; scheduledTime: string }) =>
      rescheduleVisit(token, hour),
  });

/** "Stop texts and emails". */
export const useOptOut = (token: string) => useMutation({ mutationFn: () => optOut(token) });
