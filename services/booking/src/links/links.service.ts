import {
  ERROR_CODES,
  FindBooking,
  LinkedBooking,
  TRACKING_MESSAGES,
  normalizeReference,
} from '@cincy/contracts';
import { DomainError } from '@cincy/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  newLinkToken,
  newReference,
  samePhone,
  splitLinkToken,
  verifierMatches,
} from './link-token';
import { LinksRepository } from './links.repository';

/** Draws before giving up: with 24.3 million references, more than one is already a rarity. */
const REFERENCE_DRAWS = 10;

const notFound = () => new DomainError(ERROR_CODES.notFound, TRACKING_MESSAGES.notFound);

/**
 * A booking's reference and private links (ADR 0090). Tokens are never logged nor stored: the
 * customer holds the token, the table a selector and the SHA-256 of the verifier.
 */
@Injectable()
export class LinksService {
  constructor(
    private readonly links: LinksRepository,
    private readonly dataSource: DataSource,
  ) {}

  /** A new booking's reference and first link, inside the transaction that stores the booking. */
  async createFor(
    manager: EntityManager,
    appointmentId: number,
  ): Promise<{ reference: string; token: string }> {
    const link = newLinkToken();
    let reference = await this.links.insertFirst(manager, appointmentId, newReference(), link);
    // ON CONFLICT DO NOTHING, not an error: a taken reference must not abort the booking.
    for (let draw = 1; reference === null; draw++) {
      if (draw >= REFERENCE_DRAWS) throw new Error('no free booking reference after many draws');
      reference = await this.links.insertReference(manager, appointmentId, newReference());
    }
    return { reference, token: link.token };
  }

  /** Another link to a booking (its reference and the new token); null when it has no reference. */
  async issueLink(appointmentId: number): Promise<{ reference: string; token: string } | null> {
    const link = newLinkToken();
    const reference = await this.links.insertLink(this.dataSource.manager, appointmentId, link);
    return reference === null ? null : { reference, token: link.token };
  }

  /**
   * A new link for a booking answered again (a keyed replay); one booked before references
   * existed gets its reference now.
   */
  async linkFor(appointmentId: number): Promise<{ reference: string; token: string }> {
    return (
      (await this.issueLink(appointmentId)) ??
      this.dataSource.transaction((manager) => this.createFor(manager, appointmentId))
    );
  }

  /**
   * `booking.links.issue`: a new link for a message to the customer (notify). Not found for an
   * unknown booking or a deleted customer's, whose links must stay gone.
   */
  async issue(appointmentId: number): Promise<{ reference: string; token: string }> {
    const link = newLinkToken();
    // One statement for the usual case (a message per step of every booking).
    const issued = await this.links.insertLinkIfLinkable(
      this.dataSource.manager,
      appointmentId,
      link,
    );
    if (!issued) throw notFound();
    if (issued.reference !== null) return { reference: issued.reference, token: link.token };
    // Booked before references existed: it gets its reference now.
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.links.lockLinkable(manager, appointmentId))) throw notFound();
      return this.createFor(manager, appointmentId);
    });
  }

  /** The booking a token opens, or null (malformed, unknown, or a wrong verifier). */
  async resolve(token: string): Promise<LinkedBooking | null> {
    const parts = splitLinkToken(token);
    if (!parts) return null;
    const stored = await this.links.findBySelector(parts.selector);
    if (!stored || !verifierMatches(parts.verifier, stored.verifierHash)) return null;
    const { verifierHash: _hash, ...linked } = stored;
    return { ...linked, requestedAt: new Date(linked.requestedAt).toISOString() };
  }

  /** `booking.links.resolve`. */
  async open(token: string): Promise<LinkedBooking> {
    const linked = await this.resolve(token);
    if (!linked) throw notFound();
    return linked;
  }

  /** `booking.links.details`: the customer's own details (not found once they were deleted). */
  async details(token: string) {
    const linked = await this.resolve(token);
    const found = linked && (await this.links.details(linked.appointmentId));
    if (!found) throw notFound();
    const { name, phone, ...booking } = found;
    return {
      ...booking,
      requestedAt: new Date(booking.requestedAt).toISOString(),
      contact: { name, phone },
    };
  }

  /**
   * `booking.links.find`: a reference and the phone it was booked with give a new link. One
   * answer for a wrong reference and a wrong phone, so neither can be probed alone.
   */
  async find({ reference, phone }: FindBooking): Promise<{ token: string }> {
    const normalized = normalizeReference(reference);
    const found = normalized && (await this.links.findByReference(normalized));
    const issued =
      found && samePhone(phone, found.phoneDigits)
        ? await this.issueLink(found.appointmentId)
        : null;
    if (!issued) throw new DomainError(ERROR_CODES.notFound, TRACKING_MESSAGES.findNotFound);
    return { token: issued.token };
  }
}
