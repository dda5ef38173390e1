import { LocationReport } from '@cincy/contracts';
import { LocationTrackingEntity } from './location-tracking.entity';

/** The row a stored position report becomes. */
export type NewLocationRow = Omit<LocationTrackingEntity, 'id' | 'createdAt'>;

export const toLocationRow = (
  userId: number,
  sessionId: number | null,
  report: LocationReport,
  at: Date,
): NewLocationRow => ({
  userId,
  sessionId,
  latitude: report.latitude,
  longitude: report.longitude,
  accuracy: report.accuracy ?? null,
  timestamp: at,
  isActive: true,
});
