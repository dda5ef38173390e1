import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DispatchSettings } from '@cincy/contracts';
import { updateDispatchSettings } from '../api/dispatch-queue';
import { QUERY_KEYS } from '../api/query-keys';

/** Turns auto-dispatch on or off; the answer is the mode everyone now sees. */
export function useUpdateDispatchSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DispatchSettings) => updateDispatchSettings(settings),
    onSuccess: (settings) =>
      queryClient.setQueryData<DispatchSettings>(QUERY_KEYS.dispatchSettings, settings),
  });
}
