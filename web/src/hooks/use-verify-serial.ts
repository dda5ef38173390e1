import { useMutation } from '@tanstack/react-query';
import { verifySerial, type VerifySerialBody } from '../api/service-records';

/** Is the previous battery's serial in this customer's history (warranty replacement)? */
export function useVerifySerial() {
  return useMutation({ mutationFn: (body: VerifySerialBody) => verifySerial(body) });
}
