/**
 * @jest-environment jsdom
 */
import '../../../../test/jsdom-setup';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ACCOUNT_MESSAGES } from '@cincy/contracts';
import { authStore } from '../../../lib/auth-store';
import { LoginPage } from './login-page';

const ADMIN = {
  id: 1,
  name: 'Ada Admin',
  username: 'admin',
  role: 'admin',
  privileged: true,
  idleMinutes: 30,
};

type Answer = [status: number, body: unknown];
let answers: Record<string, Answer> = {};
const calls: { method: string; path: string; body: unknown }[] = [];

beforeAll(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    calls.push({
      method: init?.method ?? 'GET',
      path,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    const [status, body] = answers[path] ?? [200, {}];
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

afterEach(async () => {
  authStore.clearPending();
  await authStore.logout();
  calls.length = 0;
});

function openLogin() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/dispatch" element={<p>The board</p>} />
          <Route path="/account/setup-two-step" element={<p>The setup</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

async function signInWithPassword(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'admin');
  await user.type(screen.getByLabelText('Password', { exact: true }), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage with two-step sign-in', () => {
  it('asks for the code in place after the password, then opens the board', async () => {
    answers = {
      '/api/auth/login': [200, { mfa: 'required', methods: ['totp'] }],
      '/api/auth/login/mfa': [200, ADMIN],
    };
    const user = openLogin();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    await signInWithPassword(user);
    await screen.findByRole('heading', { name: 'Two-step sign-in' });
    const code = screen.getByLabelText('Authentication code') as HTMLInputElement;
    expect(code.inputMode).toBe('numeric');
    expect(code.autocomplete).toBe('one-time-code');
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('The board');
    expect(calls.find((c) => c.path === '/api/auth/login/mfa')?.body).toEqual({ code: '123456' });
    expect(authStore.getState().currentUser).toMatchObject({ username: 'admin' });
  });

  it("shows the server's refusal under the code, and takes a recovery code instead", async () => {
    answers = {
      '/api/auth/login': [200, { mfa: 'required', methods: ['totp'] }],
      '/api/auth/login/mfa': [
        401,
        { code: 'INVALID_CREDENTIALS', message: ACCOUNT_MESSAGES.codeReused },
      ],
    };
    const user = openLogin();
    await signInWithPassword(user);
    await user.type(await screen.findByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText(ACCOUNT_MESSAGES.codeReused);

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/auth/login/mfa').at(-1)?.body).toEqual({
        recoveryCode: 'abcd-efgh',
      }),
    );
  });

  it('opens the setup when the admin has no second step yet', async () => {
    answers = { '/api/auth/login': [200, { mfa: 'enroll' }] };
    const user = openLogin();
    await signInWithPassword(user);
    await screen.findByText('The setup');
  });

  it('finds a session waiting for its second step (403 MFA_REQUIRED) and asks for its code', async () => {
    answers = {
      '/api/users/current': [403, { code: 'MFA_REQUIRED', message: 'Finish signing in first.' }],
      '/api/auth/security': [
        200,
        { totp: true, recoveryCodesLeft: 8, passkeys: [], required: true, email: null },
      ],
    };
    authStore.completeSignIn({ ...ADMIN, role: 'admin' });
    await authStore.recheck();
    expect(authStore.getState().isAuthenticated).toBe(false);
    openLogin();
    await screen.findByRole('heading', { name: 'Two-step sign-in' });
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
  });

  it('opens the setup for a session found pending whose admin has no second step', async () => {
    answers = {
      '/api/users/current': [403, { code: 'MFA_REQUIRED', message: 'Finish signing in first.' }],
      '/api/auth/security': [
        200,
        { totp: false, recoveryCodesLeft: 0, passkeys: [], required: true, email: null },
      ],
    };
    authStore.completeSignIn({ ...ADMIN, role: 'admin' });
    await authStore.recheck();
    openLogin();
    await screen.findByText('The setup');
  });

  it('goes back to the password', async () => {
    answers = { '/api/auth/login': [200, { mfa: 'required', methods: ['totp'] }] };
    const user = openLogin();
    await signInWithPassword(user);
    await user.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    await screen.findByRole('button', { name: 'Login' });
    expect(authStore.pendingStep()).toBeNull();
  });
});
