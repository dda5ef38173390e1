import { renderToStaticMarkup } from 'react-dom/server';
import { SlaBadge } from './sla-badge';

describe('SlaBadge', () => {
  it.each([
    [10, 'normal', 'NORMAL'],
    [30, 'medium', 'MEDIUM'],
    [45, 'high', 'HIGH'],
    [60, 'breach', 'SLA BREACH'],
  ])('at %i minutes shows level %s with the label %s', (minutes, level, label) => {
    const html = renderToStaticMarkup(<SlaBadge minutes={minutes} />);
    expect(html).toContain(`data-sla="${level}"`);
    expect(html).toContain(`sla-${level}`);
    expect(html).toMatch(new RegExp(`>${label}</span>$`));
  });
});
