/**
 * @jest-environment jsdom
 */
import '../../../test/jsdom-setup';
import { render, screen } from '@testing-library/react';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import { CancelledTodayCard } from './cancelled-today-card';

const TODAY = '2030-06-14';
const cancelled = (id: number, cancelReason: string | null) =>
  dashboardAppointment(id, 'cancelled', {
    cancelReason,
    updatedAt: '2030-06-14T18:05:00.000Z',
  });

describe('Cancelled today', () => {
  it('says why a visit was cancelled when the customer or the office said', () => {
    render(
      <CancelledTodayCard
        board={[cancelled(1, 'Car started after all'), cancelled(2, null)]}
        today={TODAY}
      />,
    );
    const items = screen.getAllByTestId('cancelled-today');
    expect(items).toHaveLength(2);
    const texts = items.map((li) => li.textContent);
    expect(texts.find((t) => t?.startsWith('Customer 1'))).toContain('"Car started after all"');
    expect(texts.find((t) => t?.startsWith('Customer 2'))).not.toContain('"');
  });
});
