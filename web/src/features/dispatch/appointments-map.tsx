import 'leaflet/dist/leaflet.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer, useMap } from 'react-leaflet';
import { MAP, formatLocation, type AppointmentStatus, type MapConfig } from '@cincy/contracts';
import { STATUS_LABELS } from './board-lists.util';
import {
  MARKER_COLORS,
  escapeHtml,
  initials,
  mapPoints,
  tileUrlAt,
  type MappedAppointment,
  type MappedTechnician,
} from './map.util';

interface Props {
  appointments: readonly MappedAppointment[];
  technicians: readonly MappedTechnician[];
  /** Where the tiles come from: undefined while it loads, null when it could not be read. */
  tiles: MapConfig | null | undefined;
}

const CENTER: [number, number] = [MAP.center.lat, MAP.center.lng];
/** One point (or several close together) must not zoom in to street level. */
const FIT_MAX_ZOOM = 15;

/**
 * Icons are kept by what they show: a new icon object makes Leaflet replace the marker's element,
 * which would drop the keyboard focus on every re-render of the board.
 */
const icons = new Map<string, L.DivIcon>();
function cachedIcon(key: string, make: () => L.DivIcon): L.DivIcon {
  let icon = icons.get(key);
  if (!icon) {
    if (icons.size > 500) icons.clear();
    icon = make();
    icons.set(key, icon);
  }
  return icon;
}

function appointmentIcon(status: AppointmentStatus, label: string) {
  return cachedIcon(`appointment|${status}|${label}`, () =>
    L.divIcon({
      className: 'map-marker map-marker-appointment',
      html: `<span class="map-dot" style="background:${MARKER_COLORS[status]}"></span><span class="visually-hidden">${escapeHtml(label)}</span>`,
      iconSize: [22, 22],
      iconAnchor: [11, 11],
      popupAnchor: [0, -12],
    }),
  );
}

function technicianIcon(name: string) {
  return cachedIcon(`technician|${name}`, () =>
    L.divIcon({
      className: 'map-marker map-marker-technician',
      html: `<span aria-hidden="true">${escapeHtml(initials(name))}</span><span class="visually-hidden">Technician ${escapeHtml(name)}</span>`,
      iconSize: [34, 34],
      iconAnchor: [17, 17],
      popupAnchor: [0, -18],
    }),
  );
}

type TileState = 'checking' | 'ok' | 'failed';

/**
 * Loads the one tile under the map's centre before adding the tile layer: with the tile server out
 * of reach (offline, blocked), the map keeps its markers on a plain background, and the console
 * shows one failed request instead of one per tile.
 */
function useTilesReachable(tileUrl: string | null | undefined): TileState {
  const [result, setResult] = useState<{ url: string; ok: boolean } | null>(null);
  useEffect(() => {
    if (!tileUrl) return;
    const probe = new Image();
    probe.onload = () => setResult({ url: tileUrl, ok: true });
    probe.onerror = () => setResult({ url: tileUrl, ok: false });
    probe.src = tileUrlAt(tileUrl, MAP.center, MAP.zoom);
    return () => {
      probe.onload = null;
      probe.onerror = null;
    };
  }, [tileUrl]);
  if (tileUrl === null) return 'failed';
  if (tileUrl === undefined || result?.url !== tileUrl) return 'checking';
  return result.ok ? 'ok' : 'failed';
}

/** Fits the view around the points once, the first time there are any, with 10% padding. */
function FitBoundsOnce({ points }: { points: [number, number][] }) {
  const map = useMap();
  const fitted = useRef(false);
  useEffect(() => {
    if (fitted.current || points.length === 0) return;
    fitted.current = true;
    map.fitBounds(L.latLngBounds(points).pad(MAP.boundsPadding), { maxZoom: FIT_MAX_ZOOM });
  }, [map, points]);
  return null;
}

/** The board's map: open appointments by status colour and online technicians. */
export function AppointmentsMap({ appointments, technicians, tiles }: Props) {
  const tileState = useTilesReachable(tiles === null ? null : tiles?.tileUrl);
  const points = useMemo(() => mapPoints(appointments, technicians), [appointments, technicians]);

  return (
    <div className="map-frame">
      <MapContainer center={CENTER} zoom={MAP.zoom} className="map-canvas" scrollWheelZoom={false}>
        {tiles && tileState === 'ok' && (
          <TileLayer url={tiles.tileUrl} attribution={tiles.attribution} />
        )}
        <FitBoundsOnce points={points} />
        {appointments.map((a) => {
          const label = `${a.customer.name}, ${STATUS_LABELS[a.status]}`;
          return (
            <Marker
              key={`appointment-${a.id}-${a.status}`}
              position={[a.customerLocation.lat, a.customerLocation.lng]}
              icon={appointmentIcon(a.status, label)}
              title={label}
            >
              <Popup>
                <strong>{a.customer.name}</strong>
                <br />
                {STATUS_LABELS[a.status]}
                <br />
                {formatLocation(a.location)}
              </Popup>
            </Marker>
          );
        })}
        {technicians.map((t) => (
          <Marker
            key={`technician-${t.id}-${t.name}`}
            position={[t.currentLocation.lat, t.currentLocation.lng]}
            icon={technicianIcon(t.name)}
            title={`Technician ${t.name}`}
            zIndexOffset={1000}
          >
            <Popup>
              <strong>{t.name}</strong>
              <br />
              Technician, online
            </Popup>
          </Marker>
        ))}
      </MapContainer>
      {tileState === 'failed' && (
        <p className="map-note">Map background unavailable; the markers are still shown.</p>
      )}
    </div>
  );
}
