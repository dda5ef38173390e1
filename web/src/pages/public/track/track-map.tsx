import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect } from 'react';
import { MapContainer, Marker, TileLayer, useMap } from 'react-leaflet';

/**
 * OpenStreetMap's own tiles: the configured ones (GET /api/dashboard/map) are for signed-in staff,
 * and the gateway's page policy allows these by default (MAP_TILE_URL).
 */
const TILES = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
} as const;

/** Near enough to see the streets the van takes. */
const ZOOM = 14;

const VAN_ICON = L.divIcon({
  className: 'pub-van-marker',
  html: '<span class="pub-van-dot"></span>',
  iconSize: [28, 28],
  iconAnchor: [14, 14],
});

const reducedMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Keeps the van in the middle as it moves. */
function FollowVan({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    map.setView([lat, lng], map.getZoom(), { animate: !reducedMotion() });
  }, [map, lat, lng]);
  return null;
}

interface TrackMapProps {
  lat: number;
  lng: number;
  /** Who is coming, for the map's name: 'Dana', or 'your technician'. */
  who: string;
}

/** The van on a map, one marker, while it is on the way (loaded only then: Leaflet is heavy). */
export function TrackMap({ lat, lng, who }: TrackMapProps) {
  return (
    <figure className="pub-track-map">
      <figcaption className="pub-visually-hidden">{`Map showing where ${who} is now`}</figcaption>
      <MapContainer
        center={[lat, lng]}
        zoom={ZOOM}
        className="pub-track-map-canvas"
        scrollWheelZoom={false}
        keyboard={false}
      >
        <TileLayer url={TILES.url} attribution={TILES.attribution} />
        <Marker position={[lat, lng]} icon={VAN_ICON} interactive={false} keyboard={false} />
        <FollowVan lat={lat} lng={lng} />
      </MapContainer>
    </figure>
  );
}
