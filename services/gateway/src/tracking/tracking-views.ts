import {
  BookingDetails,
  CancelBooking,
  FindBooking,
  LinkedBooking,
  RescheduleBooking,
  TrackingFacts,
  TrackingView,
  trackingState,
} from '@cincy/contracts';
import { RpcCallError, RpcClient } from '@cincy/platform';
import { Injectable, StreamableFile } from '@nestjs/common';
import { PhotoUploads } from '../photos/photo-uploads';

/**
 * What the browser sees of dispatch's facts: the state and the booking's reference. Who is
 * coming (their id) and where to stay here, for moving the van between answers.
 */
export const toTrackingView = (facts: TrackingFacts, reference: string): TrackingView => ({
  ...facts.state,
  reference,
});

/** A visit as booking stored it: received, nobody assigned yet. */
export const justBooked = (linked: LinkedBooking): TrackingFacts => ({
  state: trackingState({
    status: 'pending',
    technicianName: null,
    requestedAt: new Date(linked.requestedAt),
    acceptedAt: null,
    enRouteAt: null,
    onLocationAt: null,
    closedAt: null,
    scheduledDate: linked.scheduledDate,
    scheduledTime: linked.scheduledTime,
    technicianPosition: null,
    destination: null,
    queue: null,
  }),
  technicianId: null,
  destination: null,
});

/** A file name safe inside the header's quotes, whatever notify named it. */
const safeFilename = (name: string) => name.replace(/[^A-Za-z0-9._-]/g, '_');

/**
 * The customer's side of a visit, by its private link: booking checks the token (in constant
 * time) and names the appointment; dispatch knows where the visit stands. The token goes to
 * booking alone and is never logged here.
 */
@Injectable()
export class TrackingViews {
  constructor(
    private readonly rpc: RpcClient,
    private readonly photos: PhotoUploads,
  ) {}

  /** The booking a token opens; a token nobody holds is booking's 404. */
  resolve(token: string): Promise<LinkedBooking> {
    return this.rpc.call('booking.links.resolve', { token });
  }

  /**
   * Dispatch's facts of one visit (the gateway has already resolved the token). A visit dispatch
   * has not heard of yet (the booking answered a moment ago) reads as received, from booking's
   * side, instead of "not found".
   */
  async facts(linked: LinkedBooking): Promise<TrackingFacts> {
    try {
      return await this.rpc.call('dispatch.tracking.view', { id: linked.appointmentId });
    } catch (error) {
      if (error instanceof RpcCallError && error.status === 404) return justBooked(linked);
      throw error;
    }
  }

  async view(token: string): Promise<TrackingView> {
    const linked = await this.resolve(token);
    return toTrackingView(await this.facts(linked), linked.reference);
  }

  /** Dispatch decides whether it is still changeable (409 once the van left or it closed). */
  async cancel(token: string, { reason }: CancelBooking): Promise<TrackingView> {
    const { appointmentId, reference } = await this.resolve(token);
    const facts = await this.rpc.call('dispatch.appointments.cancel', {
      id: appointmentId,
      reason,
    });
    return toTrackingView(facts, reference);
  }

  /** Billing decides what is owed and where to pay it (404 until billed, 409 once paid). */
  async pay(token: string) {
    const { appointmentId } = await this.resolve(token);
    return this.rpc.call('billing.payments.pay-visit', { appointmentId });
  }

  async reschedule(token: string, hour: RescheduleBooking) {
    const { appointmentId } = await this.resolve(token);
    return this.rpc.call('booking.appointments.reschedule', { ...hour, id: appointmentId });
  }

  /** The confirmation page: booking's half (the customer's own details) and the visit's state. */
  async details(token: string): Promise<BookingDetails> {
    const linked = await this.rpc.call('booking.links.details', { token });
    const { reference, contact, location, vehicle, preferredTime, notes } = linked;
    const tracking = toTrackingView(await this.facts(linked), reference);
    return { reference, contact, location, vehicle, preferredTime, notes, tracking };
  }

  /** The completed visit's receipt (notify's 404 until then), answered as the PDF's bytes. */
  async receipt(token: string): Promise<StreamableFile> {
    const { appointmentId } = await this.resolve(token);
    const file = await this.rpc.call('notify.receipts.get', { appointmentId });
    return new StreamableFile(Buffer.from(file.contentBase64, 'base64'), {
      type: 'application/pdf',
      disposition: `attachment; filename="${safeFilename(file.filename)}"`,
    });
  }

  /** A photo of the completed visit (dispatch's 404 before, or for another visit's photo). */
  async photo(token: string, photoId: number): Promise<StreamableFile> {
    const { appointmentId } = await this.resolve(token);
    return this.photos.visitImage(appointmentId, photoId);
  }

  /** No more texts or emails about the customer's visits. */
  async optOut(token: string): Promise<{ message: string }> {
    const { appointmentId } = await this.resolve(token);
    return this.rpc.call('notify.opt-out', { appointmentId });
  }

  /** A reference and the phone it was booked with give a new private link. */
  find(query: FindBooking) {
    return this.rpc.call('booking.links.find', query);
  }
}
