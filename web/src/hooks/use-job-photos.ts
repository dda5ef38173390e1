import { useQuery } from '@tanstack/react-query';
import { fetchJobPhotos } from '../api/photos';
import { QUERY_KEYS } from '../api/query-keys';

/** A job's photos, read each time they are shown (the phone may have sent one since). */
export function useJobPhotos(appointmentId: number) {
  return useQuery({
    queryKey: QUERY_KEYS.jobPhotos(appointmentId),
    queryFn: ({ signal }) => fetchJobPhotos(appointmentId, signal),
    refetchOnMount: 'always',
  });
}
