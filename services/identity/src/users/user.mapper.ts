import { CurrentUser, User, UserFacts, UserInput, UserLocation } from '@cincy/contracts';
import { UserEntity } from './user.entity';

/** A new row from POST /api/users (or the seeded admin); the hash is made by the caller. */
export const toNewUserEntity = (
  input: Pick<UserInput, 'username' | 'name' | 'role'> &
    Partial<Pick<UserInput, 'employeeId' | 'zipCode' | 'email'>>,
  passwordHash: string,
): UserEntity =>
  Object.assign(new UserEntity(), {
    username: input.username,
    name: input.name,
    role: input.role,
    employeeId: input.employeeId,
    zipCode: input.zipCode,
    email: input.email ?? null,
    passwordHash,
  });

/** User Management's row: never the hash. */
export const toUser = (u: UserEntity): User => ({
  id: u.id,
  name: u.name,
  username: u.username,
  role: u.role,
  employeeId: u.employeeId,
  status: u.status,
  zipCode: u.zipCode,
  email: u.email ?? null,
  createdAt: u.createdAt.toISOString(),
});

/** What other services keep of a user. */
export const toUserFacts = (u: UserEntity): UserFacts => ({
  id: u.id,
  username: u.username,
  name: u.name,
  role: u.role,
  employeeId: u.employeeId,
});

/** Who a session belongs to, as the gateway's guards see them. */
export const toCurrentUser = (u: UserEntity): CurrentUser => ({
  id: u.id,
  name: u.name,
  username: u.username,
  role: u.role,
});

/** The map's and Online Team's view of a user. */
export const toUserLocation = (u: UserEntity): UserLocation => ({
  id: u.id,
  name: u.name,
  username: u.username,
  role: u.role,
  status: u.status,
  currentLocation: u.currentLocation,
  lastSeen: u.lastSeen?.toISOString() ?? null,
});
