import { GeoPoint, UserFacts } from '@cincy/contracts';
import { TechnicianEntity } from './technician.entity';

/** The columns booking keeps of a technician, from identity's facts about the user. */
export type TechnicianRow = Pick<TechnicianEntity, 'userId' | 'name' | 'employeeId'>;

export const toTechnicianRow = (user: UserFacts): TechnicianRow => ({
  userId: user.id,
  name: user.name,
  employeeId: user.employeeId ?? '',
});

/** The point of a presence event as the `current_location` column stores it ('lat,lng'). */
export const toCurrentLocation = (point: GeoPoint | null) =>
  point ? `${point.lat},${point.lng}` : null;
