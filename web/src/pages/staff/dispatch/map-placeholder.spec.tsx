import { renderToStaticMarkup } from 'react-dom/server';
import { MapPlaceholder } from './map-placeholder';

describe('MapPlaceholder', () => {
  it('shimmers while the map loads', () => {
    const html = renderToStaticMarkup(<MapPlaceholder loading />);
    expect(html).toContain('ant-skeleton-active');
    expect(html).toContain('Loading map...');
  });

  it('stays still until the map comes near the viewport (no animation for ever on a phone)', () => {
    const html = renderToStaticMarkup(<MapPlaceholder loading={false} />);
    expect(html).toContain('ant-skeleton');
    expect(html).not.toContain('ant-skeleton-active');
    expect(html).toContain('The map loads when you scroll to it.');
  });
});
