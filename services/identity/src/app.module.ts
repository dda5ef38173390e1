import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { IDENTITY_ENV } from './config';
import { CreateUsersAndSessions1732200000001 } from './migrations/1732200000001-create-users-and-sessions';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsService } from './sessions/sessions.service';
import { UserSessionEntity } from './sessions/user-session.entity';
import { UserEntity } from './users/user.entity';
import { UsersService } from './users/users.service';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'identity',
      entities: [UserEntity, UserSessionEntity],
      migrations: [CreateUsersAndSessions1732200000001],
    }),
  ],
  controllers: [SessionsController],
  providers: [UsersService, SessionsService],
})
export class AppModule {}

export const identityService: ServiceDefinition = {
  name: 'identity',
  module: AppModule,
  env: [IDENTITY_ENV],
};
