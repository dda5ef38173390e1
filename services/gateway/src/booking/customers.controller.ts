import { CurrentUser, Customer, CustomerInput, customerInputSchema } from '@cincy/contracts';
import { InjectEnv, RpcClient } from '@cincy/platform';
import { Body, Controller, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GATEWAY_ENV, GatewayEnv } from '../config';
import { Contract } from '../common/contract.pipe';
import { Public, User } from '../auth/access.decorators';
import { setBookingCookie } from '../auth/session-cookie';
import { signCustomerId } from './booking-cookie';
import { RateLimit } from './booking-rate-limit.guard';

@Controller('customers')
export class CustomersController {
  constructor(
    private readonly rpc: RpcClient,
    @InjectEnv(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Public()
  @RateLimit('customers')
  @Post()
  async create(
    @Body(new Contract(customerInputSchema)) body: CustomerInput,
    @User() user: CurrentUser | undefined,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<Customer> {
    const customer = await this.rpc.call('booking.customers.create', body);
    if (!user) setBookingCookie(req, res, signCustomerId(customer.id, this.env.COOKIE_SECRET));
    return customer;
  }
}
