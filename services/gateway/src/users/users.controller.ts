import {
  CurrentUser,
  InvitationInput,
  LocationReport,
  SESSION,
  UserInput,
  UserUpdate,
  invitationInputSchema,
  locationReportSchema,
  userInputSchema,
  userUpdateSchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { Doc } from '../routes/route-doc.decorator';
import type { Request } from 'express';
import { Roles, User } from '../access/access.decorators';
import { OwnIdOnly } from '../access/own-id.guard';
import { readCookie } from '../access/session-cookie';
import { Contract, PathId } from '../common/contract.pipe';
import { teamSeenBy } from './team-view';

@Controller('users')
export class UsersController {
  constructor(private readonly rpc: RpcClient) {}

  @Roles('admin')
  @Doc('System users', 'identity.users.list')
  @Get()
  list() {
    return this.rpc.call('identity.users.list', {});
  }

  @Roles('admin')
  @Doc('Create a user', 'identity.users.create')
  @Post()
  create(@Body(new Contract(userInputSchema)) user: UserInput, @User() actor: CurrentUser) {
    return this.rpc.call('identity.users.create', { user, actor });
  }

  @Roles('admin')
  @Doc('Edit a user (role, password)', 'identity.users.update')
  @Put(':id')
  update(
    @Param('id', PathId) id: number,
    @Body(new Contract(userUpdateSchema)) user: UserUpdate,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('identity.users.update', { id, user, actor });
  }

  @Roles('admin')
  @Doc('Invite a person by email to choose their own password', 'identity.invitations.create')
  @Post('invitations')
  invite(
    @Body(new Contract(invitationInputSchema)) invitation: InvitationInput,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('identity.invitations.create', { invitation, actor });
  }

  @Roles('admin')
  @Doc('End every session of a user (their sockets close at once)', 'identity.sessions.end-of-user')
  @Delete(':id/sessions')
  endSessions(@Param('id', PathId) userId: number, @User() actor: CurrentUser) {
    return this.rpc.call('identity.sessions.end-of-user', { userId, actor });
  }

  @Roles('admin')
  @Doc('Delete a user', 'identity.users.delete')
  @Delete(':id')
  remove(@Param('id', PathId) id: number, @User() actor: CurrentUser) {
    return this.rpc.call('identity.users.delete', { id, actor });
  }

  /** A technician gets the others without a position: only admins see the vans on the map. */
  @Doc(
    "The team's status and positions (the map, Online Team); a technician gets only their own position",
    'identity.users.locations',
  )
  @Get('locations')
  async locations(@User() viewer: CurrentUser) {
    return teamSeenBy(viewer, await this.rpc.call('identity.users.locations', {}));
  }

  @OwnIdOnly()
  @Doc("Report one's own position", 'identity.users.report-location')
  @Put(':id/location')
  reportLocation(
    @Param('id', PathId) id: number,
    @Body(new Contract(locationReportSchema)) location: LocationReport,
    @Req() req: Request,
  ) {
    const token = readCookie(req, SESSION.cookieName) ?? '';
    return this.rpc.call('identity.users.report-location', { userId: id, location, token });
  }

  @OwnIdOnly()
  @Doc("Report one's own activity (keeps one online)", 'identity.users.heartbeat')
  @Post(':id/heartbeat')
  @HttpCode(200)
  heartbeat(@Param('id', PathId) id: number) {
    return this.rpc.call('identity.users.heartbeat', { userId: id });
  }
}
