import { renderToStaticMarkup } from 'react-dom/server';
import { dashboardAppointment } from '../../../test/dashboard-appointment.fixture';
import { JobCard } from './job-card';

const NOW = Date.parse('2030-06-14T12:10:00.000Z');

describe('JobCard: one way to show a phone and an address', () => {
  it('reads a stored phone (digits) as "(513) 555-0100" and calls it in E.164', () => {
    const html = renderToStaticMarkup(<JobCard appointment={dashboardAppointment(1)} now={NOW} />);
    expect(html).toContain('(513) 555-0100');
    expect(html).toContain('href="tel:+15135550100"');
  });

  it("shows an old copy's spelled-out state as its code, in the text and the map link", () => {
    const html = renderToStaticMarkup(
      <JobCard appointment={dashboardAppointment(1, 'accepted')} now={NOW} focus />,
    );
    expect(html).toContain('1 Main St, Cincinnati, OH 45202');
    expect(html).not.toContain('Ohio');
    expect(html).toContain(encodeURIComponent('1 Main St, Cincinnati, OH 45202'));
  });

  it('keeps a phone that is not ten digits as it was typed', () => {
    const job = dashboardAppointment(1, 'pending', {
      customer: { name: 'Far Away', phone: '+44 20 7946 0958' },
    });
    expect(renderToStaticMarkup(<JobCard appointment={job} now={NOW} />)).toContain(
      '+44 20 7946 0958',
    );
  });

  it('shows no phone row and no Call button for a phone the viewer is not sent', () => {
    const job = dashboardAppointment(1, 'accepted', {
      customer: { name: 'Not Yours', phone: '' },
    });
    for (const focus of [false, true]) {
      const html = renderToStaticMarkup(<JobCard appointment={job} now={NOW} focus={focus} />);
      expect(html).not.toContain('tel:');
      expect(html).not.toContain('>Phone<');
      expect(html).not.toContain('>Call<');
    }
  });
});
