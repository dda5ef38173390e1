import 'leaflet/dist/leaflet.css';
import { Fragment, memo, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import L from 'leaflet';
import { MapContainer, Marker, Popup, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import {
  MAP,
  formatLocation,
  type AppointmentStatus,
  type GeoPoint,
  type MapConfig,
} from '@cincy/contracts';
import { STATUS_LABELS } from './board-lists.util';
import {
  CLUSTER_CELL_PX,
  CLUSTER_FROM,
  MARKER_COLORS,
  clusterByCell,
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

/** What a group of markers is made of: its noun, and its icon's look (staff.css). */
const GROUP_KINDS = {
  jobs: { noun: 'jobs', className: 'map-marker map-marker-cluster', zIndexOffset: 500 },
  technicians: {
    noun: 'technicians',
    className: 'map-marker map-marker-cluster map-marker-cluster-technicians',
    zIndexOffset: 1500,
  },
} as const;
type GroupKind = keyof typeof GROUP_KINDS;

function clusterIcon(kind: GroupKind, count: number) {
  const { noun, className } = GROUP_KINDS[kind];
  return cachedIcon(`cluster|${kind}|${count}`, () =>
    L.divIcon({
      className,
      html: `<span aria-hidden="true">${count}</span><span class="visually-hidden">${count} ${noun}</span>`,
      iconSize: [36, 36],
      iconAnchor: [18, 18],
      popupAnchor: [0, -18],
    }),
  );
}

/** The names listed in the popup of a group that zooming cannot split (one address). */
const CLUSTER_NAMES = 8;

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
    // Not animated: a page left during Leaflet's zoom animation throws '_leaflet_pos' of a map
    // already removed (seen in CI when the board is opened and left within a second).
    map.fitBounds(L.latLngBounds(points).pad(MAP.boundsPadding), {
      maxZoom: FIT_MAX_ZOOM,
      animate: false,
    });
  }, [map, points]);
  return null;
}

// Memoised by the job (or technician) drawn: a push redraws only the markers it changed.
const AppointmentMarker = memo(function AppointmentMarker({
  appointment: a,
}: {
  appointment: MappedAppointment;
}) {
  const label = `${a.customer.name}, ${STATUS_LABELS[a.status]}`;
  return (
    <Marker
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
});

const TechnicianMarker = memo(function TechnicianMarker({
  technician: t,
}: {
  technician: MappedTechnician;
}) {
  return (
    <Marker
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
  );
});

interface MarkerLayer<T> {
  kind: GroupKind;
  items: readonly T[];
  positionOf: (item: T) => GeoPoint;
  /** The React key of one item's own marker (it changes when the marker must be replaced). */
  keyOf: (item: T) => string;
  one: (item: T) => ReactNode;
  /** One line of a group's popup. */
  line: (item: T) => string;
}

/**
 * One kind of marker, each drawn, or on a big day (CLUSTER_FROM or more) grouped by screen cell
 * at the current zoom and counted; the groups are worked out again when the map stops moving or
 * zooming, or the items change (once per batch of pushes), for the items in or near the view. A
 * group zooms in to its members when chosen; one that zooming cannot split (one address) lists
 * them.
 */
function Markers<T>({ kind, items, positionOf, keyOf, one, line }: MarkerLayer<T>) {
  const map = useMap();
  const [view, setView] = useState(() => ({ zoom: map.getZoom(), bounds: map.getBounds() }));
  const grouped = items.length >= CLUSTER_FROM;
  useMapEvents({ moveend: () => setView({ zoom: map.getZoom(), bounds: map.getBounds() }) });
  const clusters = useMemo(() => {
    if (!grouped) return null;
    const near = view.bounds.pad(0.5);
    return clusterByCell(
      items.filter((item) => near.contains(positionOf(item))),
      positionOf,
      (p) => map.project([p.lat, p.lng], view.zoom),
      CLUSTER_CELL_PX,
    );
  }, [grouped, items, positionOf, map, view]);

  if (!clusters) return items.map((item) => <Fragment key={keyOf(item)}>{one(item)}</Fragment>);
  return clusters.map((c) => {
    if (c.members.length === 1)
      return <Fragment key={keyOf(c.members[0])}>{one(c.members[0])}</Fragment>;
    const [[south, west], [north, east]] = c.bounds;
    const splits = south !== north || west !== east;
    const names = c.members.slice(0, CLUSTER_NAMES).map(line);
    if (c.members.length > CLUSTER_NAMES)
      names.push(`and ${c.members.length - CLUSTER_NAMES} more`);
    return (
      <GroupMarker
        key={`${kind}-${view.zoom}-${c.key}`}
        kind={kind}
        count={c.members.length}
        lat={c.center.lat}
        lng={c.center.lng}
        south={south}
        west={west}
        north={north}
        east={east}
        names={splits ? '' : names.join('\n')}
      />
    );
  });
}

/**
 * A group's marker, from plain values: a push that leaves the group as it was leaves its marker
 * alone (no new position or handlers for Leaflet to apply). One that zooming can split zooms in
 * to its members when chosen; one that cannot (one address) lists them (`names`, one a line).
 */
const GroupMarker = memo(function GroupMarker({
  kind,
  count,
  lat,
  lng,
  south,
  west,
  north,
  east,
  names,
}: {
  kind: GroupKind;
  count: number;
  lat: number;
  lng: number;
  south: number;
  west: number;
  north: number;
  east: number;
  names: string;
}) {
  const map = useMap();
  const { noun, zIndexOffset } = GROUP_KINDS[kind];
  const handlers = useMemo(
    () =>
      names
        ? undefined
        : zoomTo(map, [
            [south, west],
            [north, east],
          ]),
    [map, names, south, west, north, east],
  );
  const position = useMemo((): [number, number] => [lat, lng], [lat, lng]);
  return (
    <Marker
      position={position}
      icon={clusterIcon(kind, count)}
      title={`${count} ${noun}`}
      zIndexOffset={zIndexOffset}
      eventHandlers={handlers}
    >
      {names && (
        <Popup>
          <strong>
            {count} {noun} here
          </strong>
          {names.split('\n').map((name, i) => (
            <div key={i}>{name}</div>
          ))}
        </Popup>
      )}
    </Marker>
  );
});

/** A group's handlers: a click, or Enter on the focused group (Leaflet keeps Enter for popups). */
function zoomTo(map: L.Map, bounds: L.LatLngBoundsLiteral): L.LeafletEventHandlerFnMap {
  const zoom = () => map.fitBounds(L.latLngBounds(bounds).pad(0.2));
  return {
    click: zoom,
    keypress: (e) => {
      if ((e as L.LeafletKeyboardEvent).originalEvent.key === 'Enter') zoom();
    },
  };
}

const jobAt = (a: MappedAppointment) => a.customerLocation;
const technicianAt = (t: MappedTechnician) => t.currentLocation;

/**
 * The board's map: open appointments by status colour and online technicians; on a big day each
 * kind in counted groups.
 */
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
        <Markers
          kind="jobs"
          items={appointments}
          positionOf={jobAt}
          keyOf={(a) => `appointment-${a.id}-${a.status}`}
          one={(a) => <AppointmentMarker appointment={a} />}
          line={(a) => `${a.customer.name}, ${STATUS_LABELS[a.status]}`}
        />
        <Markers
          kind="technicians"
          items={technicians}
          positionOf={technicianAt}
          keyOf={(t) => `technician-${t.id}-${t.name}`}
          one={(t) => <TechnicianMarker technician={t} />}
          line={(t) => t.name}
        />
      </MapContainer>
      {tileState === 'failed' && (
        <p className="map-note">Map background unavailable; the markers are still shown.</p>
      )}
    </div>
  );
}
