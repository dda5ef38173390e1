import {
  CurrentUser,
  LocationReport,
  SESSION,
  UserInput,
  UserUpdate,
  locationReportSchema,
  userInputSchema,
  userUpdateSchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Roles, User } from '../auth/access.decorators';
import { readCookie } from '../auth/session-cookie';
import { forbidden } from '../common/api-exception';
import { Contract, PathId } from '../common/contract.pipe';

/** A user reports only their own position and heartbeat. */
function ownIdOnly(id: number, user: CurrentUser): void {
  if (id !== user.id) throw forbidden('You can only report your own location and activity.');
}

@Controller('users')
export class UsersController {
  constructor(private readonly rpc: RpcClient) {}

  @Roles('admin')
  @Get()
  list() {
    return this.rpc.call('identity.users.list', {});
  }

  @Roles('admin')
  @Post()
  create(@Body(new Contract(userInputSchema)) user: UserInput, @User() actor: CurrentUser) {
    return this.rpc.call('identity.users.create', { user, actor });
  }

  @Roles('admin')
  @Put(':id')
  update(
    @Param('id', PathId) id: number,
    @Body(new Contract(userUpdateSchema)) user: UserUpdate,
    @User() actor: CurrentUser,
  ) {
    return this.rpc.call('identity.users.update', { id, user, actor });
  }

  @Roles('admin')
  @Delete(':id')
  remove(@Param('id', PathId) id: number, @User() actor: CurrentUser) {
    return this.rpc.call('identity.users.delete', { id, actor });
  }

  @Get('locations')
  locations() {
    return this.rpc.call('identity.users.locations', {});
  }

  @Put(':id/location')
  reportLocation(
    @Param('id', PathId) id: number,
    @Body(new Contract(locationReportSchema)) location: LocationReport,
    @User() user: CurrentUser,
    @Req() req: Request,
  ) {
    ownIdOnly(id, user);
    const token = readCookie(req, SESSION.cookieName) ?? '';
    return this.rpc.call('identity.users.report-location', { userId: id, location, token });
  }

  @Post(':id/heartbeat')
  @HttpCode(200)
  heartbeat(@Param('id', PathId) id: number, @User() user: CurrentUser) {
    ownIdOnly(id, user);
    return this.rpc.call('identity.users.heartbeat', { userId: id });
  }
}
