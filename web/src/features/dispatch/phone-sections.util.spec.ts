import type { AppointmentStatus, DashboardAppointment } from '@cincy/contracts';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import { deskSections, gateCode, phoneSections } from './phone-sections.util';

const TODAY = '2030-06-14';
const TOMORROW = '2030-06-15';
const ME = { id: 7, role: 'technician' as const };

/** A board appointment requested at 12:<id> on TODAY, so the ids give the order of request. */
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

const shape = (sections: ReturnType<typeof phoneSections>) =>
  sections.map((s) => [s.key, s.appointments.map((a) => a.id)]);

describe('phoneSections', () => {
  const board = [
    appointment(1, 'pending'),
    appointment(2, 'en_route', { technicianId: ME.id }),
    appointment(3, 'accepted', { technicianId: 9 }),
    appointment(4, 'assigned', { technicianId: ME.id }),
    appointment(5, 'pending', { scheduledDate: TOMORROW, preferredTime: TOMORROW }),
    appointment(6, 'pending', { technicianId: ME.id, scheduledDate: TOMORROW }),
    appointment(8, 'completed', { technicianId: ME.id }),
  ];

  it("gives a technician their current job, then their offers, the pool, the team's, the future", () => {
    expect(shape(phoneSections(board, ME, TODAY))).toEqual([
      ['current', [2]],
      ['offered', [4, 6]],
      ['available', [1]],
      ['inProgress', [3]],
      ['future', [5]],
    ]);
  });

  it('keeps every section (with its empty text) when the technician has nothing', () => {
    const sections = phoneSections([], ME, TODAY);
    expect(sections.map((s) => [s.title, s.empty])).toEqual([
      ['Your Current Job', 'No current job. Accept one below.'],
      ['Offered to You', 'No jobs offered to you'],
      ['Available Jobs', 'No available jobs at the moment'],
      ['In Progress', 'No jobs in progress'],
      ['Future Jobs', 'No future jobs scheduled'],
    ]);
    expect(sections.filter((s) => s.collapsible).map((s) => s.key)).toEqual(['future']);
  });

  it('gives an admin the board by urgency: in progress, available (with assigned), future', () => {
    expect(shape(phoneSections(board, { id: 1, role: 'admin' }, TODAY))).toEqual([
      ['inProgress', [2, 3]],
      ['available', [1, 4]],
      ['future', [5, 6]],
    ]);
  });

  it('lists each job once', () => {
    const ids = phoneSections(board, ME, TODAY).flatMap((s) => s.appointments.map((a) => a.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('puts a job dispatch assigned to the technician first among their offers', () => {
    const offers = [
      appointment(1, 'pending', { technicianId: ME.id }),
      appointment(2, 'assigned', { technicianId: ME.id }),
    ];
    const offered = phoneSections(offers, ME, TODAY).find((s) => s.key === 'offered');
    expect(offered?.appointments.map((a) => a.id)).toEqual([2, 1]);
  });
});

describe('deskSections', () => {
  const board = [appointment(1, 'pending'), appointment(2, 'accepted', { technicianId: ME.id })];

  it('puts Available Jobs first, In Progress first for a busy technician, Future Jobs last', () => {
    expect(deskSections(board, false, TODAY).map((s) => s.title)).toEqual([
      'Available Jobs',
      'In Progress',
      'Future Jobs',
    ]);
    expect(deskSections(board, true, TODAY).map((s) => s.title)).toEqual([
      'In Progress',
      'Available Jobs',
      'Future Jobs',
    ]);
  });

  it("keeps dispatch's assigned jobs in Available Jobs until they are accepted", () => {
    const withAssigned = [...board, appointment(3, 'assigned', { technicianId: 9 })];
    expect(shape(deskSections(withAssigned, false, TODAY))[0]).toEqual(['available', [1, 3]]);
  });
});

describe('gateCode', () => {
  it.each([
    ['Gate code 4411', '4411'],
    ['Back alley, gate code: #12-34 please', '#12-34'],
    ['GATE 889', '889'],
    ['Ring the bell', null],
    [null, null],
  ])('reads %p as %p', (notes, code) => {
    expect(gateCode(notes)).toBe(code);
  });
});
