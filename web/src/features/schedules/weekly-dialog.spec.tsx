/**
 * @jest-environment jsdom
 */
import '../../../test/jsdom-setup';
import { fakeApi } from '../../../test/fake-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { TechnicianSchedule } from '@cincy/contracts';
import { WeeklyDialog } from './weekly-dialog';

const schedule: TechnicianSchedule = {
  technicianId: 7,
  name: 'Dana Reyes',
  weekly: [{ weekday: 0, start: '08:00', end: '17:00' }],
  exceptions: [],
  today: [],
  onShiftNow: false,
};

describe('Weekly Pattern', () => {
  it('warns naming the jobs the new pattern would leave outside, then saves it', async () => {
    const calls = fakeApi((method) =>
      method === 'PUT'
        ? schedule
        : {
            jobs: [
              {
                id: 12,
                reference: null,
                customerName: 'Pat Smith',
                status: 'accepted',
                scheduledDate: '2026-11-29',
                scheduledTime: '14:30:00',
              },
            ],
          },
    );
    const onClose = jest.fn();
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <App>
          <WeeklyDialog schedule={schedule} open onClose={onClose} afterClose={() => undefined} />
        </App>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Save Pattern' }));
    expect(await screen.findByText('Job #12 Sun, Nov 29 at 2:30 PM, Pat Smith')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/schedules/7/weekly/impact',
    ]);
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/schedules/7/weekly/impact',
      'PUT /api/schedules/7/weekly',
    ]);
    expect(calls[1].body).toEqual(calls[0].body);
  });
});
