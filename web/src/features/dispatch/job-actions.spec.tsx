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
};
const TECH: SignedInUser = {
  id: 7,
  username: 'dana',
  name: 'Dana',
  role: 'technician',
  privileged: false,
};

const render = (job: DashboardAppointment, user: SignedInUser, withAssign = true) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <JobActions
        appointment={job}
        user={user}
        board={[job]}
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
