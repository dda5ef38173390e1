import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { IDENTITY_ENV } from './config';
import { CreateUsersAndSessions1732200000001 } from './migrations/1732200000001-create-users-and-sessions';
import { PresenceAndLocations1732400000001 } from './migrations/1732400000001-presence-and-locations';
import { LocationTrackingEntity } from './presence/location-tracking.entity';
import { PresenceController } from './presence/presence.controller';
import { PresenceService } from './presence/presence.service';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsService } from './sessions/sessions.service';
import { UserSessionEntity } from './sessions/user-session.entity';
import { UserEntity } from './users/user.entity';
import { UsersController } from './users/users.controller';
import { UsersService } from './users/users.service';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'identity',
      entities: [UserEntity, UserSessionEntity, LocationTrackingEntity],
      migrations: [CreateUsersAndSessions1732200000001, PresenceAndLocations1732400000001],
    }),
  ],
  controllers: [SessionsController, UsersController, PresenceController],
  providers: [UsersService, SessionsService, PresenceService],
})
export class AppModule {}

export const identityService: ServiceDefinition = {
  name: 'identity',
  module: AppModule,
  env: [IDENTITY_ENV],
};
