import { arrivalCheckOf, checkArrivalCode } from './arrival-code';

describe('the arrival code', () => {
  const job = { arrivalCode: '4821', arrivalMisses: 0, arrivalConfirmed: null };
  const technician = { role: 'technician' };

  it('is not asked of a job without one, nor of office staff marking the arrival', () => {
    expect(checkArrivalCode({ ...job, arrivalCode: null }, undefined, technician)).toEqual({
      outcome: 'not-asked',
    });
    expect(checkArrivalCode(job, undefined, { role: 'admin' })).toEqual({ outcome: 'not-asked' });
  });

  it('confirms the right code', () => {
    expect(checkArrivalCode(job, '4821', technician)).toEqual({ outcome: 'confirmed' });
  });

  it('refuses a wrong or missing code, saying the tries left, and lets the third through flagged', () => {
    expect(checkArrivalCode(job, '1111', technician)).toEqual({
      outcome: 'wrong',
      message:
        "That is not this customer's arrival code. Ask them for the 4-digit code on their tracking page (2 tries left).",
    });
    expect(checkArrivalCode({ ...job, arrivalMisses: 1 }, undefined, technician)).toMatchObject({
      message: expect.stringContaining('(1 try left)'),
    });
    expect(checkArrivalCode({ ...job, arrivalMisses: 2 }, '1111', technician)).toEqual({
      outcome: 'unconfirmed',
    });
  });

  it('names where a job stands', () => {
    expect(arrivalCheckOf({ ...job, arrivalCode: null })).toBe('none');
    expect(arrivalCheckOf(job)).toBe('required');
    expect(arrivalCheckOf({ ...job, arrivalConfirmed: true })).toBe('confirmed');
    expect(arrivalCheckOf({ ...job, arrivalConfirmed: false })).toBe('unconfirmed');
  });
});
