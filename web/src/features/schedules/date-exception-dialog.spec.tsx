/**
 * @jest-environment jsdom
 */
import '../../../test/jsdom-setup';
import { fakeApi, type ApiCall } from '../../../test/fake-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { addDays, businessDate, type TechnicianSchedule } from '@cincy/contracts';
import { DateExceptionDialog } from './date-exception-dialog';

const schedule: TechnicianSchedule = {
  technicianId: 7,
  name: 'Dana Reyes',
  weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '17:00' })),
  exceptions: [],
  today: [{ start: '08:00', end: '17:00' }],
  onShiftNow: true,
};

/** Every request the dialog makes, answered by `answer` (method and path). */
let calls: ApiCall[] = [];
let answer: (method: string, path: string) => unknown = () => ({});

beforeEach(() => {
  answer = (method) => (method === 'PUT' ? { ...schedule } : { jobs: [] });
  calls = fakeApi((method, path) => answer(method, path));
});

function openDialog() {
  const onClose = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <App>
        <DateExceptionDialog
          target={{ schedule }}
          open
          onClose={onClose}
          afterClose={() => undefined}
        />
      </App>
    </QueryClientProvider>,
  );
  return { onClose };
}

const later = addDays(businessDate(), 3);

describe('Add Date Exception', () => {
  it('takes Enter in the date field as choosing the date, never as saving the default shift', async () => {
    const user = userEvent.setup();
    const { onClose } = openDialog();
    const date = screen.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, `${later}{Enter}`);
    // Give a submit the time it would take to reach fetch.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((date as HTMLInputElement).value).toBe(later);
  });

  const stranded = {
    id: 12,
    reference: 'CB-7K3Q9',
    customerName: 'Pat Smith',
    status: 'assigned',
    scheduledDate: '2026-11-29',
    scheduledTime: '10:00',
  };

  async function saveDayOff() {
    const user = userEvent.setup();
    const { onClose } = openDialog();
    await user.click(screen.getByLabelText('Day off'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    return { user, onClose };
  }

  it('names the jobs a day off would leave outside the shifts, and saves only once confirmed', async () => {
    answer = (method) => (method === 'PUT' ? { ...schedule } : { jobs: [stranded] });
    const { user, onClose } = await saveDayOff();
    expect(await screen.findByText('CB-7K3Q9 Sun, Nov 29 at 10 AM, Pat Smith')).toBeTruthy();
    const today = businessDate();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: `/api/schedules/7/dates/${today}/impact`,
        body: { shifts: [] },
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      `POST /api/schedules/7/dates/${today}/impact`,
      `PUT /api/schedules/7/dates/${today}`,
    ]);
    expect(calls[1].body).toEqual({ shifts: [] });
  });

  it('saves nothing when the warning is cancelled', async () => {
    answer = () => ({ jobs: [stranded] });
    const { user, onClose } = await saveDayOff();
    const line = await screen.findByText('CB-7K3Q9 Sun, Nov 29 at 10 AM, Pat Smith');
    const warning = line.closest<HTMLElement>('[role="dialog"]')!;
    await user.click(within(warning).getByRole('button', { name: 'Cancel' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((c) => c.method)).toEqual(['POST']);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('saves at once when no job would be left outside', async () => {
    const { onClose } = await saveDayOff();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => c.method)).toEqual(['POST', 'PUT']);
    expect(screen.queryByText('Save anyway')).toBeNull();
  });
});
