import {
  AppointmentInput,
  CancelBooking,
  CurrentUser,
  RescheduleBooking,
  StatusChange,
  appointmentInputSchema,
  cancelBookingSchema,
  rescheduleBookingSchema,
  statusChangeSchema,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Body, Controller, Get, HttpCode, Param, Patch, Post, UseGuards } from '@nestjs/common';
import { Doc } from '../routes/route-doc.decorator';
import { Contract, PathId } from '../common/contract.pipe';
import { AdminOrSupervisor, Public, User } from '../access/access.decorators';
import { BookingCookieGuard } from './booking-cookie';
import { IdempotencyKey } from '../common/idempotency-key';
import { RateLimit } from './booking-rate-limit.guard';
import { boardSeenBy, jobSeenBy } from '../dispatch/board-view';

@Controller('appointments')
export class AppointmentsController {
  constructor(private readonly rpc: RpcClient) {}

  /**
   * The board: open appointments and today's closed ones. A technician is sent no phone number of
   * another technician's customer (board-view).
   */
  @Doc(
    "The dispatch board: open appointments and today's closed ones (to a technician, other technicians' customers' phones are empty)",
    'dispatch.appointments.list',
  )
  @Get()
  async list(@User() viewer: CurrentUser) {
    return boardSeenBy(viewer, await this.rpc.call('dispatch.appointments.list', {}));
  }

  /**
   * Staff may book for anyone; a visitor only for the customer their booking cookie names. With an
   * Idempotency-Key, a repeat of the request answers the booking it made instead of booking again.
   */
  @Public()
  @UseGuards(BookingCookieGuard) // after the rate limit (decorators apply bottom-up)
  @RateLimit('appointments')
  @Doc('Book a visit (ASAP or a time slot) for a customer', 'booking.appointments.create')
  @Post()
  create(
    @Body(new Contract(appointmentInputSchema)) body: AppointmentInput,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    return this.rpc.call(
      'booking.appointments.create',
      idempotencyKey === undefined ? body : { ...body, idempotencyKey },
    );
  }

  /**
   * Accept, en route, on location: dispatch decides, for the signed-in user (not the body's
   * technician); at the time the phone recorded (`occurredAt`), once per Idempotency-Key. On
   * location takes the customer's arrival code where the job asks for one.
   */
  @Doc('Move a job on: accept, en route, on location', 'dispatch.appointments.change-status')
  @Patch(':id/status')
  async changeStatus(
    @Param('id', PathId) id: number,
    @Body(new Contract(statusChangeSchema)) { status, occurredAt, arrivalCode }: StatusChange,
    @User() actor: CurrentUser,
    @IdempotencyKey() idempotencyKey: string | undefined,
  ) {
    const step = { id, status, occurredAt, arrivalCode, actor, idempotencyKey };
    return jobSeenBy(actor, await this.rpc.call('dispatch.appointments.change-status', step));
  }

  /**
   * Staff move a visit to another hour through the customer's own reschedule (ADR 0099): the same
   * rules and refusals, and the same event, so the customer is told and the board follows.
   */
  @AdminOrSupervisor()
  @Doc(
    'Move a visit to another hour that has not passed (the customer is told by text and email)',
    'booking.appointments.reschedule',
  )
  @Patch(':id/schedule')
  schedule(
    @Param('id', PathId) id: number,
    @Body(new Contract(rescheduleBookingSchema)) hour: RescheduleBooking,
  ) {
    return this.rpc.call('booking.appointments.reschedule', { ...hour, id, by: 'staff' });
  }

  /**
   * Staff cancel a visit the customer asked them to, through the customer's own cancel: the same
   * rule (until the technician sets out), the same event, so the customer is told, the hour is
   * free again and the board follows. The reason is optional, as the customer's is.
   */
  @AdminOrSupervisor()
  @Doc(
    'Cancel a visit until the technician sets out (the customer is told), with an optional reason',
    'dispatch.appointments.cancel',
  )
  @Post(':id/cancel')
  @HttpCode(200)
  cancel(
    @Param('id', PathId) id: number,
    @Body(new Contract(cancelBookingSchema)) { reason }: CancelBooking,
  ) {
    return this.rpc.call('dispatch.appointments.cancel', { id, reason });
  }

  /** The supervisor may be a technician: the declined job's answer is cut for them like the board. */
  @AdminOrSupervisor()
  @Doc('Decline a job', 'dispatch.appointments.decline')
  @Patch(':id/decline')
  async decline(@Param('id', PathId) id: number, @User() actor: CurrentUser) {
    const answer = await this.rpc.call('dispatch.appointments.decline', { id, actor });
    return { ...answer, appointment: jobSeenBy(actor, answer.appointment) };
  }
}
