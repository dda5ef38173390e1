import { ESTIMATE, MeasuredDrive, Point } from '@cincy/contracts';
import { AppLogger, InjectEnv } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DISPATCH_ENV, DispatchEnv } from '../config';

/** A dispatcher waits for the suggestions: past this, the estimate answers instead. */
export const ROUTING_TIMEOUT_MS = 1500;

/**
 * Turns OSRM's seconds and metres into a drive. Its durations are wheels rolling only, so the
 * estimate's departure minutes are added: both sources then mean the same thing.
 */
const routedDrive = (seconds: number, metres: number): MeasuredDrive => ({
  minutes: ESTIMATE.departureMinutes + seconds / 60,
  km: metres / 1000,
});

interface OsrmTable {
  code?: string;
  durations?: (number | null)[][];
  distances?: (number | null)[][];
}

/**
 * Driving times from an OSRM server's table service (`ROUTING_URL`), asked once per request for
 * every start point to one customer. Anything short of a full answer gives null for the drives
 * it lacks and the caller estimates those; the warning is logged once per stretch of failures,
 * not on every request while the server is down.
 */
@Injectable()
export class RoutingClient {
  private failing = false;

  constructor(
    @InjectEnv(DISPATCH_ENV) private readonly env: Pick<DispatchEnv, 'ROUTING_URL'>,
    private readonly logger: AppLogger,
  ) {}

  get enabled(): boolean {
    return !!this.env.ROUTING_URL;
  }

  /** The drive from each source to the destination, null where the server gave none. */
  async drives(sources: readonly Point[], destination: Point): Promise<(MeasuredDrive | null)[]> {
    const none = sources.map(() => null);
    if (!this.env.ROUTING_URL || sources.length === 0) return none;
    const coordinates = [...sources, destination].map((p) => `${p.lng},${p.lat}`).join(';');
    const url =
      `${this.env.ROUTING_URL.replace(/\/+$/, '')}/table/v1/driving/${coordinates}` +
      `?sources=${sources.map((_, i) => i).join(';')}&destinations=${sources.length}` +
      '&annotations=duration,distance';
    let table: OsrmTable;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(ROUTING_TIMEOUT_MS) });
      if (response.status !== 200) {
        await response.body?.cancel(); // frees the connection for the next request
        return this.failed(`status ${response.status}`, none);
      }
      table = (await response.json()) as OsrmTable;
    } catch (error) {
      return this.failed(String(error), none);
    }
    if (table.code !== 'Ok') return this.failed(`code ${table.code}`, none);
    const drives = sources.map((_, i) => {
      const seconds = table.durations?.[i]?.[0];
      const metres = table.distances?.[i]?.[0];
      return typeof seconds === 'number' && typeof metres === 'number'
        ? routedDrive(seconds, metres)
        : null;
    });
    if (drives.includes(null)) return this.failed('no route for some technicians', drives);
    this.failing = false;
    return drives;
  }

  private failed<T>(reason: string, drives: T): T {
    if (!this.failing) {
      this.logger.warn({ msg: 'routing server failed; estimating drives', reason });
    }
    this.failing = true;
    return drives;
  }
}
