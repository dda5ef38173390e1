import { AppLogger } from '@cincy/platform';
import { InjectEnv } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { BOOKING_ENV, type BookingEnv } from '../config';
import { parseAddress } from './address.util';
import {
  GeocodeResult,
  REGIONAL_FALLBACKS,
  lookupPlaceName,
  matchKnownAddress,
  regionalFallback,
} from './geocoding';
import { searchPublicGeocoder } from './public-geocoder';

/**
 * Where an appointment is, found once when it is booked: the built-in table, the local names, the
 * public geocoder when configured, then regional fallbacks. It always answers; a failure anywhere
 * falls through to the next step and never fails a booking.
 */
@Injectable()
export class GeocodingService {
  constructor(
    @InjectEnv(BOOKING_ENV)
    private readonly env: Pick<BookingEnv, 'GEOCODER_URL' | 'GEOCODER_TIMEOUT_MS'>,
    private readonly logger: AppLogger,
  ) {}

  async locate(location: string): Promise<GeocodeResult> {
    try {
      const address = parseAddress(location);
      const local = matchKnownAddress(address) ?? lookupPlaceName(address);
      if (local) return local;
      const found = await this.askPublicGeocoder(location);
      if (found) return found;
      return regionalFallback(address);
    } catch (error) {
      this.logger.warn({ msg: 'geocoding failed, using the default point', error: String(error) });
      return { point: REGIONAL_FALLBACKS.defaultCincinnati, source: 'fallback:default' };
    }
  }

  private async askPublicGeocoder(location: string): Promise<GeocodeResult | null> {
    const { GEOCODER_URL: url, GEOCODER_TIMEOUT_MS: timeoutMs } = this.env;
    if (!url) return null;
    try {
      const point = await searchPublicGeocoder(url, location, timeoutMs);
      return point ? { point, source: 'public-geocoder' } : null;
    } catch (error) {
      // Unreachable, slow or broken: the regional fallback answers instead.
      this.logger.warn({ msg: 'public geocoder skipped', error: String(error) });
      return null;
    }
  }
}
