import {
  CurrentUser,
  Customer,
  CustomerInput,
  CustomerListQuery,
  ServiceHistoryRow,
  appointmentsWithoutVehicle,
  customerInputSchema,
  customerListQuerySchema,
  serviceHistoryRowSchema,
  withBookedVehicles,
} from '@cincy/contracts';
import { z } from 'zod';
import { InjectEnv, RpcClient } from '@cincy/platform';
import { Body, Controller, Delete, Get, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { Doc } from '../routes/route-doc.decorator';
import type { Request, Response } from 'express';
import { GATEWAY_ENV, GatewayEnv } from '../config';
import { Contract, PathId } from '../common/contract.pipe';
import { AdminOrSupervisor, Public, User } from '../access/access.decorators';
import { setBookingCookie } from '../access/session-cookie';
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
  @Doc(
    'Create the customer of a booking (a visitor gets the booking cookie)',
    'booking.customers.create',
  )
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

  /** The Customer Database: one page, searched by booking. */
  @Doc('The Customer Database: one page, searched', 'booking.customers.list')
  @Get()
  list(@Query(new Contract(customerListQuerySchema, 'query')) query: CustomerListQuery) {
    return this.rpc.call('booking.customers.list', query);
  }

  @Doc("Edit a customer's information", 'booking.customers.update')
  @Patch(':id')
  update(
    @Param('id', PathId) id: number,
    @Body(new Contract(customerInputSchema)) customer: CustomerInput,
  ) {
    return this.rpc.call('booking.customers.update', { id, customer });
  }

  @AdminOrSupervisor()
  @Doc('Delete a customer record', 'booking.customers.delete')
  @Delete(':id')
  remove(@Param('id', PathId) id: number) {
    return this.rpc.call('booking.customers.delete', { id });
  }

  /**
   * The service history dialog: the customer's records, newest first (inventory keeps them), each
   * with its battery model and price; a record naming no vehicle shows the one booked.
   */
  @Doc("A customer's service history", z.array(serviceHistoryRowSchema), {
    calls: ['inventory.service-records.history', 'booking.appointments.vehicles'],
  })
  @Get(':id/service-records')
  async serviceRecords(@Param('id', PathId) customerId: number): Promise<ServiceHistoryRow[]> {
    return this.withVehicles(
      await this.rpc.call('inventory.service-records.history', { customerId }),
    );
  }

  /** The record's visits (booking's own rows): status, booked hour, reference, moves; counted. */
  @Doc("A customer's visits, newest first, counted", 'booking.customers.visits')
  @Get(':id/visits')
  visits(@Param('id', PathId) customerId: number) {
    return this.rpc.call('booking.customers.visits', { customerId });
  }

  /** Booking knows the vehicle each job was booked with. */
  private async withVehicles(rows: ServiceHistoryRow[]): Promise<ServiceHistoryRow[]> {
    const appointmentIds = appointmentsWithoutVehicle(rows);
    if (appointmentIds.length === 0) return rows;
    return withBookedVehicles(
      rows,
      await this.rpc.call('booking.appointments.vehicles', { appointmentIds }),
    );
  }
}
