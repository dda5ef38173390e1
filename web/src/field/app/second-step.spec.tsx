/**
 * @jest-environment jsdom
 */
import '../../../test/jsdom-setup';
import { randomUUID } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES } from '@cincy/contracts';
import { FieldApp } from './field-app';
import { SecondStepForm, TRUSTED_DEVICE_DAYS } from './second-step';

globalThis.structuredClone ??= <T,>(value: T): T => deserialize(serialize(value)) as T;
if (!globalThis.crypto?.randomUUID)
  Object.defineProperty(globalThis, 'crypto', { value: { ...globalThis.crypto, randomUUID } });

jest.mock('socket.io-client', () => ({
  io: () => ({ on: () => undefined, close: () => undefined }),
}));

const typeCode = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the field sign-in second step', () => {
  it("trusts the phone as long as the server remembers it (the contract's days)", () => {
    expect(TRUSTED_DEVICE_DAYS).toBe(ACCOUNT_LIMITS.trustedDeviceDays);
  });

  it('sends six digits, with the phone trusted when ticked, and shows a refusal', async () => {
    const onCode = jest.fn(async () => ACCOUNT_MESSAGES.codeReused);
    render(
      <SecondStepForm
        step={{ mfa: 'required', methods: ['totp'] }}
        onCode={onCode}
        onCancel={() => undefined}
      />,
    );
    const input = screen.getByLabelText(/Code from your authenticator app/) as HTMLInputElement;
    expect(input.inputMode).toBe('numeric');
    expect(input.autocomplete).toBe('one-time-code');
    typeCode(/Code from your authenticator app/, '123 45a6');
    expect(input.value).toBe('123456');
    fireEvent.click(screen.getByLabelText(/Trust this phone for 30 days/));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(onCode).toHaveBeenCalledWith({ code: '123456' }, true);
    expect(screen.getByRole('alert').textContent).toBe(ACCOUNT_MESSAGES.codeReused);
  });

  it('takes a recovery code instead, and asks for a whole code before sending', async () => {
    const onCode = jest.fn(async () => null);
    render(
      <SecondStepForm
        step={{ mfa: 'required', methods: ['totp'] }}
        onCode={onCode}
        onCancel={() => undefined}
      />,
    );
    typeCode(/Code from your authenticator app/, '123');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(onCode).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code.');

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    typeCode(/Recovery code/, ' abcd-efgh-jkmn-pqrs ');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    expect(onCode).toHaveBeenCalledWith({ recoveryCode: 'abcd-efgh-jkmn-pqrs' }, false);
  });

  it('sends an account that must set up a second step to the back office', () => {
    render(
      <SecondStepForm step={{ mfa: 'enroll' }} onCode={jest.fn()} onCancel={() => undefined} />,
    );
    expect(screen.getByRole('link', { name: 'Set up two-step sign-in' }).getAttribute('href')).toBe(
      '/account/setup-two-step',
    );
  });
});

describe('FieldApp with two-step sign-in', () => {
  const ME = { id: 7, name: 'Dana Reyes', username: 'dana', role: 'technician' as const };
  const calls: { path: string; body: unknown }[] = [];

  beforeAll(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const [status, body]: [number, unknown] =
        path === '/api/users/current'
          ? [401, { code: 'UNAUTHENTICATED', message: 'Unauthorized' }]
          : path === '/api/auth/login'
            ? [200, { mfa: 'required', methods: ['totp'] }]
            : path === '/api/auth/login/mfa'
              ? [200, { ...ME, privileged: false, idleMinutes: 30 }]
              : path === '/api/dispatch/field-jobs'
                ? [200, { jobs: [], poolTotal: 0 }]
                : [200, []];
      const text = JSON.stringify(body);
      return {
        ok: status < 300,
        status,
        statusText: '',
        text: async () => text,
        json: async () => JSON.parse(text) as unknown,
      } as unknown as Response;
    }) as typeof fetch;
  });

  it('asks for the code after the password, then opens the jobs', async () => {
    const view = render(<FieldApp />);
    await screen.findByRole('button', { name: 'Sign in' });
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'dana' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    });
    await screen.findByRole('heading', { name: 'Two-step sign-in' });
    typeCode(/Code from your authenticator app/, '654321');
    fireEvent.click(screen.getByLabelText(/Trust this phone/));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    });
    await screen.findByRole('button', { name: 'Sign out' });
    expect(calls.find((c) => c.path === '/api/auth/login/mfa')?.body).toEqual({
      code: '654321',
      trustDevice: true,
    });
    view.unmount();
  });
});
