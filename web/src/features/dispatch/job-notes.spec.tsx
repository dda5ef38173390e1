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
          batteryInVan: null,
        }}
      />,
    );
    expect(html).toContain('Handed back by Dana: flat tire');
    expect(html).toContain('Sam, about 12 min');
  });

  it('flags an arrival let through after three wrong codes', () => {
    const flagged = dashboardAppointment(1, 'on_location', { arrivalCheck: 'unconfirmed' });
    const confirmed = dashboardAppointment(1, 'on_location', { arrivalCheck: 'confirmed' });
    const notesOf = (job: typeof flagged) =>
      renderToStaticMarkup(<JobNotes appointment={job} best={undefined} />);
    expect(notesOf(flagged)).toContain('Arrival code not confirmed');
    expect(notesOf(confirmed)).toBe('');
  });

  it('shows nothing without a hand-back or a suggestion', () => {
    expect(
      renderToStaticMarkup(<JobNotes appointment={dashboardAppointment(1)} best={undefined} />),
    ).toBe('');
  });
});
