import { AppointmentInput, CurrentUser, SESSION, appointmentInputSchema } from '@cincy/contracts';
import { InjectEnv, RpcClient } from '@cincy/platform';
import { Body, Controller, Get, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { GATEWAY_ENV, GatewayEnv } from '../config';
import { forbidden } from '../common/api-exception';
import { Contract } from '../common/contract.pipe';
import { Public, User } from '../auth/access.decorators';
import { readCookie } from '../auth/session-cookie';
import { verifiedCustomerId } from './booking-cookie';
import { RateLimit } from './booking-rate-limit.guard';

@Controller('appointments')
export class AppointmentsController {
  constructor(
    private readonly rpc: RpcClient,
    @InjectEnv(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** The board: open appointments and today's closed ones. */
  @Get()
  list() {
    return this.rpc.call('dispatch.appointments.list', {});
  }

  /** Staff may book for anyone; a visitor only for the customer their booking cookie names. */
  @Public()
  @RateLimit('appointments')
  @Post()
  create(
    @Body(new Contract(appointmentInputSchema)) body: AppointmentInput,
    @User() user: CurrentUser | undefined,
    @Req() req: Request,
  ) {
    if (!user) {
      const allowed = verifiedCustomerId(
        readCookie(req, SESSION.bookingCookieName),
        this.env.COOKIE_SECRET,
      );
      if (allowed !== body.customerId) {
        throw forbidden('Your booking session has expired. Please submit the form again.');
      }
    }
    return this.rpc.call('booking.appointments.create', body);
  }
}
