import {
  BookingDetails,
  CancelBooking,
  FindBooking,
  LinkedBooking,
  RescheduleBooking,
  TrackingFacts,
  TrackingView,
} from '@cincy/contracts';
import { RpcClient } from '@cincy/platform';
import { Injectable, StreamableFile } from '@nestjs/common';

/**
 * What the browser sees of dispatch's facts: the state and the booking's reference. Who is
 * coming (their id) and where to stay here, for moving the van between answers.
 */
export const toTrackingView = (facts: TrackingFacts, reference: string): TrackingView => ({
  ...facts.state,
  reference,
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
  constructor(private readonly rpc: RpcClient) {}

  /** The booking a token opens; a token nobody holds is booking's 404. */
  resolve(token: string): Promise<LinkedBooking> {
    return this.rpc.call('booking.links.resolve', { token });
  }

  /** Dispatch's facts of one visit (the gateway has already resolved the token). */
  facts(appointmentId: number): Promise<TrackingFacts> {
    return this.rpc.call('dispatch.tracking.view', { id: appointmentId });
  }

  async view(token: string): Promise<TrackingView> {
    const { appointmentId, reference } = await this.resolve(token);
    return toTrackingView(await this.facts(appointmentId), reference);
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

  async reschedule(token: string, hour: RescheduleBooking) {
    const { appointmentId } = await this.resolve(token);
    return this.rpc.call('booking.appointments.reschedule', { ...hour, id: appointmentId });
  }

  /** The confirmation page: booking's half (the customer's own details) and the visit's state. */
  async details(token: string): Promise<BookingDetails> {
    const { appointmentId, ...contact } = await this.rpc.call('booking.links.details', { token });
    const tracking = toTrackingView(await this.facts(appointmentId), contact.reference);
    return { ...contact, tracking };
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
