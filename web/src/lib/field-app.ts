import type { SignedInUser } from '@cincy/contracts';

/** The technicians' own app (its own build, vite.field.config.ts), another app than this one. */
export const FIELD_APP_URL = '/field/';

/** Technicians work from the field app; admins keep the back office (and may open /field). */
export const usesFieldApp = (user: Pick<SignedInUser, 'role'> | null): boolean =>
  user?.role === 'technician';

/** The board's addresses a technician used to open: the field app is theirs now. */
const BOARD_PATHS = new Set(['/dispatch', '/technician']);

/** Whether `user` opening `pathname` of the back office is sent to the field app instead. */
export const sendsToFieldApp = (user: Pick<SignedInUser, 'role'> | null, pathname: string) =>
  usesFieldApp(user) && BOARD_PATHS.has(pathname);
