import { sendsToFieldApp, usesFieldApp } from './field-app';

describe('the field app for technicians', () => {
  it('is where a technician signs in to; admins keep the back office', () => {
    expect(usesFieldApp({ role: 'technician' })).toBe(true);
    expect(usesFieldApp({ role: 'admin' })).toBe(false);
    expect(usesFieldApp(null)).toBe(false);
  });

  it('sends a technician opening the board there, and nobody else nor from another screen', () => {
    expect(sendsToFieldApp({ role: 'technician' }, '/dispatch')).toBe(true);
    expect(sendsToFieldApp({ role: 'technician' }, '/technician')).toBe(true);
    expect(sendsToFieldApp({ role: 'technician' }, '/customer-database')).toBe(false);
    expect(sendsToFieldApp({ role: 'admin' }, '/dispatch')).toBe(false);
    expect(sendsToFieldApp({ role: 'admin' }, '/technician')).toBe(false);
    expect(sendsToFieldApp(null, '/dispatch')).toBe(false);
  });
});
