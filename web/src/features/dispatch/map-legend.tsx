import { memo } from 'react';
import { OPEN_STATUSES } from '@cincy/contracts';
import { STATUS_LABELS } from './board-lists.util';
import { MARKER_COLORS } from './map.util';

/** What the map's colours mean. */
export const MapLegend = memo(function MapLegend() {
  return (
    <ul className="map-legend" aria-label="Map legend">
      {OPEN_STATUSES.map((status) => (
        <li key={status}>
          <span
            className="map-legend-dot"
            style={{ background: MARKER_COLORS[status] }}
            aria-hidden="true"
          />
          {STATUS_LABELS[status]}
        </li>
      ))}
      <li>
        <span className="map-legend-tech" aria-hidden="true" />
        Technician
      </li>
    </ul>
  );
});
