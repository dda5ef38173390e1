import { useMutation } from '@tanstack/react-query';
import type { VerifySerial } from '@cincy/contracts';
import { verifySerial } from '../api/service-records';

/** Is the previous battery's serial in this customer's history (warranty replacement)? */
export function useVerifySerial() {
  return useMutation({ mutationFn: (body: VerifySerial) => verifySerial(body) });
}
