import { UserEntity } from './user.entity';
import { toCurrentUser, toNewUserEntity, toUser, toUserFacts, toUserLocation } from './user.mapper';

const row = Object.assign(new UserEntity(), {
  id: 7,
  username: 'terry',
  passwordHash: '$argon2id$secret',
  role: 'technician',
  name: 'Terry Tech',
  employeeId: 'E-7',
  status: 'online',
  currentLocation: { lat: 39.1, lng: -84.5 },
  lastSeen: new Date('2026-01-02T03:04:05Z'),
  locationUpdatedAt: null,
  zipCode: '45202',
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
} satisfies Partial<UserEntity>);

describe('user mapper', () => {
  it('never lets the password hash out', () => {
    for (const shape of [toUser(row), toUserFacts(row), toCurrentUser(row), toUserLocation(row)])
      expect(JSON.stringify(shape)).not.toContain('argon2');
  });

  it('writes dates as ISO text', () => {
    expect(toUser(row).createdAt).toBe('2026-01-01T00:00:00.000Z');
    expect(toUserLocation(row).lastSeen).toBe('2026-01-02T03:04:05.000Z');
    expect(toUserLocation({ ...row, lastSeen: null } as UserEntity).lastSeen).toBeNull();
  });

  it('builds a new row from the request and the hash', () => {
    const user = toNewUserEntity(
      { username: 'dana', name: 'Dana', role: 'admin', employeeId: null, zipCode: null },
      'hash',
    );
    expect(user).toBeInstanceOf(UserEntity);
    expect(user).toMatchObject({ username: 'dana', role: 'admin', passwordHash: 'hash' });
  });
});
