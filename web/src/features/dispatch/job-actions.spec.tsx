import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import type { DashboardAppointment, SignedInUser } from '@cincy/contracts';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import { JobActions } from './job-actions';

const ADMIN: SignedInUser = {
  id: 1,
  username: 'boss',
  name: 'Boss',
  role: 'admin',
  privileged: true,
  idleMinutes: 60,
};
const TECH: SignedInUser = {
  id: 7,
  username: 'dana',
  name: 'Dana',
  role: 'technician',
  privileged: false,
  idleMinutes: 60,
};

/** Noon on Wednesday, Nov 25, 2026 in Cincinnati. */
const NOW = Date.parse('2026-11-25T17:00:00Z');

const render = (job: DashboardAppointment, user: SignedInUser, withAssign = true) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <JobActions
        appointment={job}
        user={user}
        board={[job]}
        now={NOW}
        onComplete={() => undefined}
        onDecline={() => undefined}
        onAssign={withAssign ? () => undefined : undefined}
        onHandBack={() => undefined}
      />
    </QueryClientProvider>,
  );

describe('JobActions assignment buttons', () => {
  it('gives an admin Assign on an open job, Reassign and Unassign on an assigned one', () => {
    expect(render(dashboardAppointment(1), ADMIN)).toContain('>Assign<');
    const assigned = render(dashboardAppointment(1, 'assigned', { technicianId: 7 }), ADMIN);
    expect(assigned).toContain('>Reassign<');
    expect(assigned).toContain('>Unassign<');
  });

  it('leaves Assign out without a dialog to open', () => {
    expect(render(dashboardAppointment(1), ADMIN, false)).not.toContain('>Assign<');
  });

  it('gives the assigned technician Accept Job and Hand back', () => {
    const html = render(dashboardAppointment(1, 'assigned', { technicianId: 7 }), TECH);
    expect(html).toContain('Accept Job');
    expect(html).toContain('>Hand back<');
    expect(html).not.toContain('Unassign');
  });
});

describe('JobActions before the visit’s day', () => {
  const sunday = {
    technicianId: 7,
    preferredTime: '2026-11-29',
    scheduledDate: '2026-11-29',
    scheduledTime: '10:00:00',
  };

  it('shows En Route held, with when the visit is, and Hand back still open', () => {
    const html = render(dashboardAppointment(1, 'accepted', sunday), TECH);
    const button = /<button aria-describedby="([^"]+)"[^>]*>(.*?)<\/button>/.exec(html);
    expect(button?.[0]).toContain('disabled=""');
    expect(button?.[2]).toContain('En Route');
    expect(html).toContain(
      `id="${button?.[1]}" data-testid="held-step" class="ant-typography ant-typography-secondary`,
    );
    expect(html).toContain('>This visit is on Sun, Nov 29 at 10 AM. Set out on that day.<');
    expect(html).toContain('>Hand back<');
  });

  it('shows En Route as a button to use on the day', () => {
    const html = render(
      dashboardAppointment(1, 'accepted', { ...sunday, scheduledDate: '2026-11-25' }),
      TECH,
    );
    expect(html).toContain('En Route');
    expect(html).not.toContain('disabled');
    expect(html).not.toContain('held-step');
  });
});

describe('JobActions Messages', () => {
  it("gives an admin Messages on every job, a completed one's too", () => {
    expect(render(dashboardAppointment(1), ADMIN)).toContain('>Messages<');
    expect(render(dashboardAppointment(2, 'completed', { technicianId: 7 }), ADMIN)).toContain(
      '>Messages<',
    );
  });

  it('gives a technician no Messages', () => {
    const html = render(dashboardAppointment(1, 'assigned', { technicianId: 7 }), TECH);
    expect(html).not.toContain('Messages');
  });
});

describe('JobActions History', () => {
  it('gives an admin History beside Messages, named for the job', () => {
    const html = render(dashboardAppointment(2, 'completed', { technicianId: 7 }), ADMIN);
    expect(html).toMatch(/>Messages<.*aria-label="History: Job #2 · [^"]+".*>History</);
  });

  it('gives a technician no History', () => {
    const html = render(dashboardAppointment(1, 'assigned', { technicianId: 7 }), TECH);
    expect(html).not.toContain('History');
  });
});
