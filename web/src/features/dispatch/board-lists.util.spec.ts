import type { AppointmentStatus, DashboardAppointment } from '@cincy/contracts';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import { cancelledToday, doneToday, formatAge, openToday, splitBoard } from './board-lists.util';

const TODAY = '2030-06-14';
const TOMORROW = '2030-06-15';

/** Requested a minute apart by id, each customer their own. */
const appointment = (
  id: number,
  status: AppointmentStatus,
  extra: Partial<DashboardAppointment> = {},
): DashboardAppointment =>
  dashboardAppointment(id, status, {
    customerId: id,
    requestedAt: `2030-06-14T12:${String(id).padStart(2, '0')}:00.000Z`,
    ...extra,
  });

const ids = (list: DashboardAppointment[]) => list.map((a) => a.id);

describe('splitBoard', () => {
  it('lists pending jobs without a date or for today as available, oldest request first', () => {
    const board = splitBoard(
      [
        appointment(3, 'pending', { scheduledDate: TODAY, scheduledTime: '17:00:00' }),
        appointment(1, 'pending'),
        appointment(2, 'pending', { scheduledDate: TOMORROW, scheduledTime: '10:00:00' }),
        appointment(4, 'assigned'),
      ],
      TODAY,
    );
    expect(ids(board.available)).toEqual([1, 3]);
  });

  it('lists assigned jobs without a date or for today apart, oldest request first', () => {
    const board = splitBoard(
      [
        appointment(3, 'assigned', { technicianId: 7 }),
        appointment(1, 'assigned', { scheduledDate: TODAY, technicianId: 8 }),
        appointment(2, 'assigned', { scheduledDate: TOMORROW, technicianId: 7 }),
        appointment(4, 'pending'),
      ],
      TODAY,
    );
    expect(ids(board.assigned)).toEqual([1, 3]);
    expect(ids(openToday(board))).toEqual([1, 3, 4]);
  });

  it('lists accepted, en route and on location jobs as in progress, oldest request first', () => {
    const board = splitBoard(
      [
        appointment(5, 'on_location'),
        appointment(2, 'accepted'),
        appointment(3, 'en_route'),
        appointment(1, 'pending'),
        appointment(4, 'completed'),
      ],
      TODAY,
    );
    expect(ids(board.inProgress)).toEqual([2, 3, 5]);
  });

  it('lists jobs of another day that are not completed or declined as future, by schedule', () => {
    const board = splitBoard(
      [
        appointment(1, 'pending', { scheduledDate: TOMORROW, scheduledTime: '15:00:00' }),
        appointment(2, 'assigned', { scheduledDate: TOMORROW, scheduledTime: '09:00:00' }),
        appointment(3, 'completed', { scheduledDate: TOMORROW, scheduledTime: '10:00:00' }),
        appointment(4, 'declined', { scheduledDate: TOMORROW, scheduledTime: '11:00:00' }),
        appointment(5, 'pending', { scheduledDate: TODAY, scheduledTime: '12:00:00' }),
        appointment(6, 'pending'),
      ],
      TODAY,
    );
    expect(ids(board.future)).toEqual([2, 1]);
  });

  it('reads "today" from its argument (the business date), not from the browser clock', () => {
    const job = appointment(1, 'pending', { scheduledDate: TOMORROW, scheduledTime: '10:00:00' });
    expect(ids(splitBoard([job], TOMORROW).available)).toEqual([1]);
    expect(ids(splitBoard([job], TODAY).available)).toEqual([]);
  });
});

describe('cancelledToday', () => {
  // 16:00Z is noon in Cincinnati on the 14th; 02:00Z on the 14th is still the 13th there.
  const at = (iso: string) => ({ updatedAt: iso });
  const board = [
    appointment(1, 'cancelled', at('2030-06-14T16:00:00.000Z')),
    appointment(2, 'cancelled', at('2030-06-14T02:00:00.000Z')),
    appointment(3, 'declined', at('2030-06-14T16:30:00.000Z')),
    appointment(4, 'pending'),
    ...[5, 6, 7, 8, 9, 10].map((id) =>
      appointment(id, 'cancelled', at(`2030-06-14T17:${String(id).padStart(2, '0')}:00.000Z`)),
    ),
  ];

  it('lists the visits cancelled on the business day, the latest first, a few and how many', () => {
    const { shown, total } = cancelledToday(board, TODAY);
    expect(total).toBe(7);
    expect(ids(shown)).toEqual([10, 9, 8, 7, 6]);
    expect(cancelledToday(board, '2030-06-13')).toEqual({ shown: [board[1]], total: 1 });
    expect(cancelledToday([], TODAY)).toEqual({ shown: [], total: 0 });
  });
});

describe('doneToday', () => {
  const paid = (id: number, status: 'open' | 'partially_paid' | 'paid' | null, minute: number) =>
    appointment(id, 'completed', {
      updatedAt: `2030-06-14T17:${String(minute).padStart(2, '0')}:00.000Z`,
      payment: status && {
        invoiceId: id,
        number: `INV-2030-00000${id}`,
        status,
        totalCents: 16_500,
        paidCents: status === 'paid' ? 16_500 : 0,
        method: null,
        paidAt: null,
      },
    });

  it("lists today's completed jobs, those still owing first, then the latest, and counts the unpaid", () => {
    const board = [
      paid(1, 'paid', 30),
      paid(2, 'open', 10),
      paid(3, null, 40),
      paid(4, 'partially_paid', 5),
      appointment(5, 'completed', { updatedAt: '2030-06-13T17:00:00.000Z' }),
      appointment(6, 'cancelled', { updatedAt: '2030-06-14T17:00:00.000Z' }),
    ];
    const { shown, total, unpaid } = doneToday(board, TODAY, 3);
    expect([ids(shown), total, unpaid]).toEqual([[2, 4, 3], 4, 2]);
  });
});

describe('formatAge', () => {
  it("reads 'N min' under an hour", () => {
    expect(formatAge(0)).toBe('0 min');
    expect(formatAge(59)).toBe('59 min');
  });

  it("reads 'Xh Ym' from an hour on", () => {
    expect(formatAge(60)).toBe('1h 0m');
    expect(formatAge(135)).toBe('2h 15m');
  });
});
