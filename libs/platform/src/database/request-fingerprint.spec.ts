import { AppointmentInput } from '@cincy/contracts';
import { canonicalJson, requestFingerprint } from './request-fingerprint';

const input: AppointmentInput = {
  customerId: 7,
  location: '1 Main St, Cincinnati, OH 45202',
  vehicle: null,
  preferredTime: 'ASAP',
  scheduledDate: null,
  scheduledTime: null,
  notes: null,
};

describe('requestFingerprint', () => {
  it('is the same whatever order the fields came in', () => {
    const reordered = Object.fromEntries(Object.entries(input).reverse()) as AppointmentInput;
    expect(requestFingerprint(reordered)).toBe(requestFingerprint(input));
    expect(requestFingerprint(input)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs when any detail differs', () => {
    expect(requestFingerprint({ ...input, notes: 'Gate code 12' })).not.toBe(
      requestFingerprint(input),
    );
  });

  it('sorts nested keys and leaves out missing fields', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [2, 1] } })).toBe('{"a":{"c":[2,1]},"b":1}');
  });
});
