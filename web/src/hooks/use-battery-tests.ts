import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchBatteryTests, recordBatteryTest, type BatteryTestBody } from '../api/battery-tests';
import { QUERY_KEYS } from '../api/query-keys';

/** A job's battery tests, read each time its completion opens (the phone may have added one). */
export function useBatteryTests(appointmentId: number) {
  return useQuery({
    queryKey: QUERY_KEYS.batteryTests(appointmentId),
    queryFn: ({ signal }) => fetchBatteryTests(appointmentId, signal),
    refetchOnMount: 'always',
  });
}

/** Records a test on the job, then reads its tests again. */
export function useRecordBatteryTest(appointmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (test: BatteryTestBody) => recordBatteryTest(appointmentId, test),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: QUERY_KEYS.batteryTests(appointmentId) }),
  });
}
