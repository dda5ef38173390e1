import { addDays, businessDate, businessInstant } from '@cincy/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { SlaBadge } from './sla-badge';

const requestedAt = '2026-11-20T15:00:00.000Z';
const asap = { requestedAt, preferredTime: 'ASAP', scheduledDate: null, scheduledTime: null };
const after = (minutes: number) => Date.parse(requestedAt) + minutes * 60_000;

describe('SlaBadge', () => {
  it.each([
    [10, 'normal', 'NORMAL'],
    [30, 'medium', 'MEDIUM'],
    [45, 'high', 'HIGH'],
    [60, 'breach', 'SLA BREACH'],
  ])(
    'at %i minutes after an ASAP request shows level %s with the label %s',
    (minutes, level, label) => {
      const html = renderToStaticMarkup(<SlaBadge appointment={asap} now={after(minutes)} />);
      expect(html).toContain(`data-sla="${level}"`);
      expect(html).toContain(`sla-${level}`);
      expect(html).toMatch(new RegExp(`>${label}</span>$`));
    },
  );

  it('shows nothing for a visit scheduled tomorrow, three hours after it was booked', () => {
    const tomorrow = addDays(businessDate(new Date(requestedAt)), 1);
    const scheduled = {
      requestedAt,
      preferredTime: tomorrow,
      scheduledDate: tomorrow,
      scheduledTime: '10:00:00',
    };
    expect(renderToStaticMarkup(<SlaBadge appointment={scheduled} now={after(180)} />)).toBe('');
    const start = businessInstant(tomorrow, 10).getTime();
    expect(
      renderToStaticMarkup(<SlaBadge appointment={scheduled} now={start + 5 * 60_000} />),
    ).toContain('data-sla="normal"');
  });
});
