/**
 * @jest-environment jsdom
 */
import '../../../test/jsdom-setup';
import { fakeApi, type ApiCall } from '../../../test/fake-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { TechnicianSchedule } from '@cincy/contracts';
import { useRemoveDateException } from './remove-date-exception';

// Works Sundays 8-12 by the week; a day off on Sunday, Nov 29 2026 is being removed.
const DATE = '2026-11-29';
const schedule: TechnicianSchedule = {
  technicianId: 7,
  name: 'Dana Reyes',
  weekly: [
    { weekday: 0, start: '08:00', end: '12:00' },
    { weekday: 1, start: '09:00', end: '17:00' },
  ],
  exceptions: [{ date: DATE, shifts: [] }],
  today: [],
  onShiftNow: false,
};
const stranded = {
  id: 12,
  reference: 'CB-7K3Q9',
  customerName: 'Pat Smith',
  status: 'assigned',
  scheduledDate: DATE,
  scheduledTime: '14:00',
};

let calls: ApiCall[] = [];
let jobs: unknown[] = [];

beforeEach(() => {
  jobs = [];
  calls = fakeApi((method) => (method === 'POST' ? { jobs } : { ...schedule, exceptions: [] }));
});

function RemoveButton() {
  const removal = useRemoveDateException();
  return <button onClick={() => removal.start(schedule, DATE)}>Remove</button>;
}

async function clickRemove() {
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <RemoveButton />
      </App>
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: 'Remove' }));
  return user;
}

const IMPACT = {
  method: 'POST',
  path: `/api/schedules/7/dates/${DATE}/impact`,
  // The weekly pattern's Sunday: what the day becomes once the exception goes.
  body: { shifts: [{ start: '08:00', end: '12:00' }] },
};

describe('removing a date exception', () => {
  it('names the jobs the weekly pattern would leave outside the shifts, and removes once confirmed', async () => {
    jobs = [stranded];
    const user = await clickRemove();
    expect(await screen.findByText('CB-7K3Q9 Sun, Nov 29 at 2 PM, Pat Smith')).toBeTruthy();
    expect(calls).toEqual([IMPACT]);
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
        `POST ${IMPACT.path}`,
        `DELETE /api/schedules/7/dates/${DATE}`,
      ]),
    );
  });

  it('removes nothing when the warning is cancelled', async () => {
    jobs = [stranded];
    const user = await clickRemove();
    const line = await screen.findByText('CB-7K3Q9 Sun, Nov 29 at 2 PM, Pat Smith');
    await user.click(
      within(line.closest<HTMLElement>('[role="dialog"]')!).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([IMPACT]);
  });

  it('asks the plain question when no job would be left outside', async () => {
    const user = await clickRemove();
    expect(
      await screen.findByText('Dana Reyes will work the weekly pattern on Sun, Nov 29, 2026.'),
    ).toBeTruthy();
    expect(screen.queryByText('Save anyway')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['POST', 'DELETE']));
  });
});
