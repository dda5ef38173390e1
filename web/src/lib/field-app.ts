import type { SignedInUser } from '@cincy/contracts';

/** The technicians' own app (its own build, vite.field.config.ts), another app than this one. */
export const FIELD_APP_URL = '/field/';

/** Technicians work from the field app; admins keep the back office (and may open /field). */
export const usesFieldApp = (user: Pick<SignedInUser, 'role'> | null): boolean =>
  user?.role === 'technician';
