import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { assignJob, fetchDayView, moveJob, type AssignBody, type MoveBody } from '../api/day';
import { QUERY_KEYS } from '../api/query-keys';
import { writeAppointment } from '../lib/live-cache';

/**
 * One business day's technicians, shifts and jobs (admins). While another date loads, the last
 * one stays on screen (marked busy by the page); `board.changed` and `schedule.changed` read it again.
 */
export function useDayView(date: string) {
  return useQuery({
    queryKey: QUERY_KEYS.day(date),
    queryFn: ({ signal }) => fetchDayView(date, signal),
    placeholderData: keepPreviousData,
  });
}

/** Assigns a job with the version the dispatcher saw; the board takes the answer at once. */
export function useAssignJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: AssignBody }) => assignJob(id, body),
    onSuccess: (appointment) => writeAppointment(client, appointment),
    // A refusal (409) means the day changed under us: read it again either way.
    onSettled: () => client.invalidateQueries({ queryKey: QUERY_KEYS.dayAll }),
  });
}

/** Moves a visit to another hour; the day (and the board, by its push) read it again. */
export function useMoveJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: MoveBody }) => moveJob(id, body),
    onSettled: () => client.invalidateQueries({ queryKey: QUERY_KEYS.dayAll }),
  });
}
