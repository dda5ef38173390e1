import { renderToStaticMarkup } from 'react-dom/server';
import { dashboardAppointment } from '../../../../test/dashboard-appointment.fixture';
import type { BoardSection } from '../../../features/dispatch/phone-sections.util';
import { JobSection, VIRTUAL_FROM } from './job-section';

const NOW = Date.parse('2030-06-14T12:10:00.000Z');

const available = (count: number): BoardSection => ({
  key: 'available',
  title: 'Available Jobs',
  empty: 'No available jobs at the moment',
  appointments: Array.from({ length: count }, (_, i) => dashboardAppointment(i + 1)),
});

const cardIds = (html: string) =>
  [...html.matchAll(/data-appointment-id="(\d+)"/g)].map((m) => Number(m[1]));

describe('JobSection: a big day', () => {
  it('draws only the cards near the viewport of a long list, and keeps its heading and count', () => {
    const html = renderToStaticMarkup(<JobSection section={available(1000)} now={NOW} />);
    const drawn = cardIds(html);
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(20);
    expect(drawn[0]).toBe(1);
    // A labelled region, headed by its title and the whole count.
    expect(html).toMatch(/<section aria-labelledby="([^"]+)">.*<h2 id="\1"[^>]*>Available Jobs/);
    expect(html).toMatch(/Available Jobs <span[^>]*>1000<\/span>/);
    // Each card tells its place in the whole list; the rest of the list is kept as space.
    expect(html).toContain('aria-setsize="1000" aria-posinset="1"');
    expect(html).toMatch(/padding-bottom:\d{5,}px/);
  });

  it('draws every card of a short list (the page without IntersectionObserver)', () => {
    const html = renderToStaticMarkup(
      <JobSection section={available(VIRTUAL_FROM - 1)} now={NOW} />,
    );
    expect(cardIds(html)).toHaveLength(VIRTUAL_FROM - 1);
    expect(html).not.toContain('aria-setsize');
  });
});
