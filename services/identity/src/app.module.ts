import { PlatformModule, ServiceDefinition } from '@cincy/platform';
import { Module } from '@nestjs/common';
import { AccountsController, LinksService, MfaService, PasskeysService } from './accounts';
import { AccountMail, AccountsRepository } from './credentials';
import { AuditController, AuditRepository, AuditService } from './audit';
import { IDENTITY_ENV } from './config';
import { CreateUsersAndSessions1732200000001 } from './migrations/1732200000001-create-users-and-sessions';
import { PresenceAndLocations1732400000001 } from './migrations/1732400000001-presence-and-locations';
import { AuditLog1733000000001 } from './migrations/1733000000001-audit-log';
import { StaffAccounts1733700000001 } from './migrations/1733700000001-staff-accounts';
import {
  LocationTrackingEntity,
  PresenceController,
  PresenceRepository,
  PresenceService,
} from './presence';
import {
  SessionsController,
  SessionsRepository,
  SessionsService,
  UserSessionEntity,
} from './sessions';
import { UserEntity, UserSignOut, UsersController, UsersRepository, UsersService } from './users';

@Module({
  imports: [
    PlatformModule.forService({
      service: 'identity',
      entities: [UserEntity, UserSessionEntity, LocationTrackingEntity],
      migrations: [
        CreateUsersAndSessions1732200000001,
        PresenceAndLocations1732400000001,
        AuditLog1733000000001,
        StaffAccounts1733700000001,
      ],
    }),
  ],
  controllers: [
    SessionsController,
    UsersController,
    PresenceController,
    AuditController,
    AccountsController,
  ],
  providers: [
    UsersRepository,
    SessionsRepository,
    PresenceRepository,
    UsersService,
    SessionsService,
    PresenceService,
    AuditRepository,
    AuditService,
    AccountsRepository,
    AccountMail,
    MfaService,
    PasskeysService,
    LinksService,
    // Users end sessions through this port; sessions implements it (sessions imports users).
    { provide: UserSignOut, useExisting: SessionsService },
  ],
})
export class AppModule {}

export const identityService: ServiceDefinition = {
  name: 'identity',
  module: AppModule,
  env: [IDENTITY_ENV],
};
