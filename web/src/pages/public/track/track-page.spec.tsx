import {
  TRACKING_STEPS,
  TRACKING_STEP_LABELS,
  type AppointmentStatus,
  type TrackingView,
} from '@cincy/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { TrackVisit } from './track-page';

const TOKEN = 'abcdefghijkl_-0123456789ABCDEFGHIJ';

function view(status: AppointmentStatus, reached: number, over: Partial<TrackingView> = {}) {
  return {
    status,
    reference: 'CB-7K3Q9',
    timeline: TRACKING_STEPS.map((step, i) => ({
      step,
      label: TRACKING_STEP_LABELS[step],
      reached: i < reached,
      at: null,
    })),
    technician: null,
    position: null,
    etaMinutes: null,
    queuePosition: null,
    scheduledDate: null,
    scheduledTime: null,
    canCancel: false,
    canReschedule: false,
    batteryTest: null,
    photos: [],
    arrivalCode: null,
    payment: null,
    ...over,
  } satisfies TrackingView;
}

const render = (v: TrackingView) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <TrackVisit token={TOKEN} view={v} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('TrackVisit', () => {
  it('shows the van on its way: first name, estimate, the current step, no self-service', () => {
    const html = render(
      view('en_route', 3, {
        technician: { firstName: 'Dana' },
        position: { lat: 39.1, lng: -84.5, at: new Date().toISOString() },
        etaMinutes: 12,
      }),
    );
    expect(html).toContain('CB-7K3Q9');
    expect(html).toContain('Dana is on the way');
    expect(html).toContain('Arriving in about 12 min');
    expect(html).toMatch(/aria-current="step"[^>]*>.*On the way/);
    expect(html).not.toContain('Cancel visit');
    expect(html).not.toContain('Change time');
    // The map loads lazily: its placeholder keeps the room.
    expect(html).toContain('pub-track-map');
  });

  it('offers to cancel or move a visit booked for an hour, and shows that hour', () => {
    const html = render(
      view('pending', 1, {
        scheduledDate: '2030-06-15',
        scheduledTime: '14:00:00',
        canCancel: true,
        canReschedule: true,
      }),
    );
    expect(html).toContain('Booked for Sat, Jun 15 at 2 PM');
    expect(html).toContain('Change time');
    expect(html).toContain('Cancel visit');
    expect(html).not.toContain('pub-track-map');
  });

  it('shows the place in line of a waiting ASAP request', () => {
    const html = render(view('pending', 1, { queuePosition: 2, etaMinutes: 25, canCancel: true }));
    expect(html).toContain(
      'You are number 2 in line; a technician should reach you in about 25 min.',
    );
    expect(html).toContain('Cancel visit');
    expect(html).not.toContain('Change time');
  });

  it.each([
    ['cancelled', 'Cancelled'],
    ['declined', 'We could not take this visit'],
  ] as const)('ends a %s visit with a way to book again', (status, label) => {
    const html = render(view(status, 1));
    expect(html).toContain(label);
    expect(html).toContain('href="/customer-form"');
    expect(html).not.toContain('Cancel visit');
  });

  it('offers the receipt of a completed visit as a download by its private link', () => {
    const html = render(view('completed', TRACKING_STEPS.length));
    expect(html).toContain('Your battery service is complete');
    expect(html).toMatch(
      new RegExp(
        `<a[^>]*href="/api/track/${TOKEN}/receipt"[^>]*download=""[^>]*>Download receipt \\(PDF\\)</a>`,
      ),
    );
  });

  it("says what the old battery's test found, once the visit is done", () => {
    const done = view('completed', TRACKING_STEPS.length, {
      batteryTest: { stateOfHealth: 41, decision: 'BAD_CELL' },
    });
    expect(render(done)).toContain(
      'Your old battery tested at 41 % health: <strong>BAD CELL</strong>',
    );
    expect(render(view('completed', TRACKING_STEPS.length))).not.toContain('tested at');
  });

  it('shows the arrival code to tell the technician, when the visit has one', () => {
    const html = render(view('en_route', 3, { arrivalCode: '0482' }));
    expect(html).toContain('Tell it to your technician when they arrive.');
    expect(html).toContain('aria-hidden="true">0482</strong>');
    expect(html).toContain('<span class="pub-visually-hidden">0 4 8 2</span>');
    expect(render(view('en_route', 3))).not.toContain('arrival code');
  });

  it("shows the visit's photos by its private link only", () => {
    const done = view('completed', TRACKING_STEPS.length, {
      photos: [
        { id: 31, kind: 'label' },
        { id: 32, kind: 'signature' },
      ],
    });
    const html = render(done);
    expect(html).toContain(`src="/api/track/${TOKEN}/photos/31"`);
    expect(html).toContain('alt="Your new battery&#x27;s label"');
    expect(html).toContain('alt="Your signature"');
    expect(html).not.toContain('/api/photos/');
  });

  it('offers no receipt before the visit is complete', () => {
    expect(render(view('on_location', 4))).not.toContain('Download receipt');
    expect(render(view('cancelled', 1))).not.toContain('Download receipt');
  });

  it('offers to stop texts and emails at the foot, whatever the visit', () => {
    for (const v of [view('pending', 1), view('completed', TRACKING_STEPS.length)]) {
      const html = render(v);
      expect(html).toMatch(
        /<button type="button" class="pub-link-button"[^>]*>Stop texts and emails<\/button>/,
      );
      // Below the rest of the page.
      expect(html.indexOf('Stop texts and emails')).toBeGreaterThan(html.indexOf('Return Home'));
    }
  });

  it('keeps the page out of referrers: the address holds the private link', () => {
    expect(render(view('pending', 1))).toContain('<meta name="referrer" content="no-referrer"/>');
  });
});
