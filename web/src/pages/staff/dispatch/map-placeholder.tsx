import { Skeleton } from 'antd';

/** The map's own height (.map-canvas), kept while it is not drawn so nothing below moves. */
export const MAP_HEIGHT = 340;

/**
 * Where the board's map will be. It shimmers only while the map's chunk loads (`loading`): until
 * the map comes near the viewport nothing is loading, and an active skeleton animates for as long
 * as it is on the page. Below a phone's lists that was for ever: the browser drew every frame
 * (about 1 ms of paint, 60 times a second) on top of each push's own work.
 */
export function MapPlaceholder({ loading }: { loading: boolean }) {
  return (
    <Skeleton.Node active={loading} style={{ width: '100%', height: MAP_HEIGHT }}>
      <span className="visually-hidden">
        {loading ? 'Loading map...' : 'The map loads when you scroll to it.'}
      </span>
    </Skeleton.Node>
  );
}
