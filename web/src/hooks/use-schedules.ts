import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TechnicianSchedule } from '@cincy/contracts';
import { QUERY_KEYS } from '../api/query-keys';
import {
  clearDateShifts,
  fetchSchedules,
  previewDateShifts,
  previewWeeklyShifts,
  saveDateShifts,
  saveWeeklyShifts,
  type DateShiftsBody,
  type WeeklyShiftsBody,
} from '../api/schedules';

/** Every technician's schedule (admins); `schedule.changed` reads it again. */
export function useSchedules({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: QUERY_KEYS.schedules,
    queryFn: ({ signal }) => fetchSchedules(signal),
    enabled,
  });
}

/** The answer replaces its technician's schedule at once; the Day view is read again. */
function writeSchedule(client: QueryClient, schedule: TechnicianSchedule | null) {
  if (schedule && typeof schedule.technicianId === 'number') {
    client.setQueryData<TechnicianSchedule[]>(QUERY_KEYS.schedules, (list) =>
      list?.map((s) => (s.technicianId === schedule.technicianId ? schedule : s)),
    );
  }
  void client.invalidateQueries({ queryKey: QUERY_KEYS.schedules });
  void client.invalidateQueries({ queryKey: QUERY_KEYS.dayAll });
}

/** A change of one technician's weekly pattern, and of one date's shifts (none: a day off). */
export interface WeeklyChange {
  technicianId: number;
  body: WeeklyShiftsBody;
}
export interface DateChange {
  technicianId: number;
  date: string;
  body: DateShiftsBody;
}

/** PUT the whole weekly pattern of one technician. */
export function useSaveWeeklyShifts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ technicianId, body }: WeeklyChange) => saveWeeklyShifts(technicianId, body),
    onSuccess: (schedule) => writeSchedule(client, schedule),
  });
}

/** PUT one date's shifts (none: a day off). */
export function useSaveDateShifts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ technicianId, date, body }: DateChange) =>
      saveDateShifts(technicianId, date, body),
    onSuccess: (schedule) => writeSchedule(client, schedule),
  });
}

/** DELETE one date's exception: the weekly pattern applies again. */
export function useClearDateShifts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ technicianId, date }: { technicianId: number; date: string }) =>
      clearDateShifts(technicianId, date),
    onSuccess: (schedule) => writeSchedule(client, schedule),
  });
}

/** What a weekly pattern would strand, asked before saving it (ADR 0102); changes nothing. */
export function usePreviewWeeklyShifts() {
  return useMutation({
    mutationFn: ({ technicianId, body }: WeeklyChange) => previewWeeklyShifts(technicianId, body),
  });
}

/** What a date's shifts would strand, asked before saving them (ADR 0102); changes nothing. */
export function usePreviewDateShifts() {
  return useMutation({
    mutationFn: ({ technicianId, date, body }: DateChange) =>
      previewDateShifts(technicianId, date, body),
  });
}
