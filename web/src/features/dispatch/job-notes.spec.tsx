import { renderToStaticMarkup } from 'react-dom/server';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import { JobNotes } from './job-notes';

describe('JobNotes', () => {
  it('shows who handed the job back and why, and the suggested technician', () => {
    const job = dashboardAppointment(1, 'pending', {
      handBack: { by: 'Dana', reason: 'flat tire', at: '2030-06-14T12:00:00.000Z' },
    });
    const html = renderToStaticMarkup(
      <JobNotes
        appointment={job}
        best={{
          technicianId: 2,
          name: 'Sam',
          etaMinutes: 12,
          distanceKm: 3,
          activeJob: null,
          source: 'estimate',
        }}
      />,
    );
    expect(html).toContain('Handed back by Dana: flat tire');
    expect(html).toContain('Sam, about 12 min');
  });

  it('shows nothing without a hand-back or a suggestion', () => {
    expect(
      renderToStaticMarkup(<JobNotes appointment={dashboardAppointment(1)} best={undefined} />),
    ).toBe('');
  });
});
