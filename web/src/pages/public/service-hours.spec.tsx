import { GRID_HOURS, SERVICE_HOURS, hourLabel } from '@cincy/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { DateHourGrid } from '../../features/booking/date-hour-grid';
import { hourOptions } from '../../features/booking/booking-form.util';
import { TimingSection } from '../../features/booking/timing-section';
import { useBookingForm } from '../../features/booking/use-booking-form';
import { CustomerFormPage } from './customer-form/customer-form-page';
import { FaqPage } from './faq/faq-page';
import { LandingPage } from './landing/landing-page';

// Every public screen states the same hours: the ones the hour grid offers (issue 32).

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );

/** Every "9 AM - 9 PM"-like range a page states. */
const rangesIn = (html: string) => html.match(/\d{1,2}(?::\d\d)? [AP]M - \d{1,2}(?::\d\d)? [AP]M/g);

const GRID = `${hourLabel(GRID_HOURS[0])} - ${hourLabel(GRID_HOURS[GRID_HOURS.length - 1])}`;
const TOMORROW = '2030-06-15';
const NOW = new Date('2030-06-14T10:30:00-04:00');

describe('the service hours on the public pages', () => {
  it.each([
    ['the landing page', <LandingPage key="landing" />],
    ['the FAQ', <FaqPage key="faq" />],
    ['the booking form', <CustomerFormPage key="form" />],
  ])('%s states the hours the grid offers, and no others', (_, page) => {
    expect(rangesIn(render(page))).toEqual(expect.arrayContaining([GRID]));
    expect(new Set(rangesIn(render(page)))).toEqual(new Set([SERVICE_HOURS]));
  });

  it("the hour grid's helper names its own first and last button", () => {
    const html = render(
      <DateHourGrid
        idPrefix="booking"
        dateLabel="Preferred Date"
        hourLabel="Preferred Time"
        dates={[{ value: TOMORROW, label: 'Tomorrow' }]}
        date={TOMORROW}
        onDate={() => undefined}
        hours={hourOptions(TOMORROW, undefined, NOW)}
        hour={null}
        onHour={() => undefined}
      />,
    );
    expect(html).toContain(`Available times: ${GRID}</p>`);
    expect(html).toContain('>9 AM</button>');
    expect(html).toContain('>9 PM</button>');
  });
});

function Timing({ asapOpen }: { asapOpen: boolean }) {
  const form = useBookingForm();
  return <TimingSection form={form} now={NOW} asapOpen={asapOpen} />;
}

/** The ASAP radio's tag. */
const asapInput = (html: string) => html.match(/<input[^>]*value="asap"[^>]*>/)?.[0] ?? '';

describe('the ASAP choice', () => {
  it('is offered (and chosen) inside the ASAP window', () => {
    const html = render(<Timing asapOpen />);
    expect(asapInput(html)).toContain('checked=""');
    expect(asapInput(html)).not.toContain('disabled');
    expect(html).toContain('We aim to arrive within about an hour.');
  });

  it('cannot be chosen outside it, and says when it can', () => {
    const html = render(<Timing asapOpen={false} />);
    expect(asapInput(html)).toContain('disabled=""');
    expect(html).toContain(`Available ${SERVICE_HOURS}.`);
  });
});
