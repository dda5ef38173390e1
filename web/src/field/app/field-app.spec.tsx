/**
 * @jest-environment jsdom
 */
import '../../../test/jsdom-setup';
import { randomUUID } from 'node:crypto';
import { deserialize, serialize } from 'node:v8';
import 'fake-indexeddb/auto';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { SOCKET_EVENTS } from '@cincy/contracts';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import { fieldOutbox, fieldStore } from '../outbox';
import { FieldApp } from './field-app';

// What jsdom lacks and IndexedDB and the outbox use (the browser has both).
globalThis.structuredClone ??= <T,>(value: T): T => deserialize(serialize(value)) as T;
performance.mark ??= () => undefined as never;
performance.clearMarks ??= () => undefined;
if (!globalThis.crypto?.randomUUID)
  Object.defineProperty(globalThis, 'crypto', { value: { ...globalThis.crypto, randomUUID } });

// The app as the technician opens it, on the phone's own IndexedDB (fake-indexeddb) with the
// server played by `fetch`: without signal it opens from what it kept, a step waits, and a
// session that ended asks to sign in with the steps kept.

/** The live socket's handlers, by event: a test pushes through them. */
const mockSocketOn: Record<string, (payload: unknown) => void> = {};
jest.mock('socket.io-client', () => ({
  io: () => ({
    on: (event: string, handler: (payload: unknown) => void) => (mockSocketOn[event] = handler),
    close: () => undefined,
  }),
}));

const ME = { id: 7, name: 'Dana Reyes', role: 'technician' as const };
const job = dashboardAppointment(1, 'accepted', {
  technicianId: ME.id,
  customer: { name: 'Garage Customer', phone: '5135550142' },
  notes: 'Gate code 4821, blue door',
});

/** No signal at all, or every call answered `status` (with the user for the session check). */
function server(status: number | 'no signal') {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    if (status === 'no signal') throw new TypeError('Failed to fetch');
    const path = new URL(String(input), 'http://localhost').pathname;
    const body =
      path === '/api/users/current'
        ? ME
        : path === '/api/dispatch/field-jobs'
          ? { jobs: [job], poolTotal: 0 }
          : [];
    const text = JSON.stringify(status < 300 ? body : { message: 'Unauthorized' });
    return {
      ok: status < 300,
      status,
      statusText: '',
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
    } as unknown as Response;
  }) as typeof fetch;
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

beforeAll(async () => {
  // Calls without signal are expected here (the heartbeat says so on the console).
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  await fieldStore().saveUser(ME);
  await fieldStore().saveJobs(ME.id, [job], new Date());
});

describe('FieldApp', () => {
  it('opens without signal from what the phone kept, and keeps a step until there is signal', async () => {
    server('no signal');
    const view = render(<FieldApp />);
    await screen.findByRole('heading', { name: 'Garage Customer' });
    expect(screen.getByText(/^Offline/)).toBeTruthy();
    expect(screen.getByText('4821')).toBeTruthy(); // the gate code, large

    fireEvent.click(screen.getByRole('button', { name: 'On my way' }));
    await screen.findByText(/1 step waiting for signal/);
    expect(screen.getByText('Waiting for signal: On my way')).toBeTruthy();
    // The job shows as it will be: the next step is Arrived.
    expect(screen.getByRole('button', { name: 'Arrived' })).toBeTruthy();
    expect((await fieldOutbox().list()).map((s) => [s.kind, s.state])).toEqual([
      ['en_route', 'waiting'],
    ]);
    view.unmount();
  });

  it('asks to sign in again when the session ended, the steps kept', async () => {
    server(401);
    const view = render(<FieldApp />);
    await screen.findByRole('button', { name: 'Sign in' });
    await settle();
    expect(screen.getByText('1 step waiting for signal')).toBeTruthy();
    expect(await fieldOutbox().list()).toHaveLength(1);
    view.unmount();
  });

  it('signs out: the phone forgets who it was, the steps not yet sent stay', async () => {
    await fieldStore().saveUser(ME);
    server('no signal');
    const view = render(<FieldApp />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(await fieldStore().lastUser()).toBeNull();
    expect(await fieldOutbox().list()).toHaveLength(1);
    view.unmount();
  });

  it('says how old the jobs are from the server’s last answer, however often it opens without signal', async () => {
    const answeredAt = new Date(Date.now() - 5 * 60_000 - 5_000);
    await fieldStore().saveUser(ME);
    await fieldStore().saveJobs(ME.id, [job], answeredAt);
    server('no signal');
    for (let open = 0; open < 2; open++) {
      const view = render(<FieldApp />);
      await screen.findByText(/Offline · Updated 5 min ago/);
      // The copy it opened with is saved again once idle: with the server's time, not the save's.
      await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
      expect((await fieldStore().lastJobs(ME.id))?.answeredAt).toEqual(answeredAt);
      view.unmount();
    }
  });

  it('keeps a pushed job for the next open: once the phone is idle, at once when it is hidden', async () => {
    server(200);
    const view = render(<FieldApp />);
    await screen.findByRole('heading', { name: 'Garage Customer' });
    await settle(); // the live socket is loaded after the first screen
    const kept = async () => (await fieldStore().lastJobs<{ id: number }>(ME.id))?.jobs ?? [];
    const push = (id: number, name: string) =>
      act(() =>
        mockSocketOn[SOCKET_EVENTS.boardChanged]({
          appointment: dashboardAppointment(id, 'accepted', {
            technicianId: ME.id,
            customer: { name, phone: '5135550143' },
          }),
        }),
      );

    push(2, 'Pushed Customer');
    await screen.findByRole('heading', { name: 'Pushed Customer' });
    // Not in the frame that drew it: saved once the phone has nothing more urgent to do.
    expect((await kept()).map((j) => j.id)).not.toContain(2);
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect((await kept()).map((j) => j.id)).toContain(2);

    push(3, 'Hidden Customer');
    await screen.findByRole('heading', { name: 'Hidden Customer' });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await settle();
    expect((await kept()).map((j) => j.id)).toContain(3);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    view.unmount();
  });
});
