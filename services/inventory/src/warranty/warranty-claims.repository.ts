import {
  Actor,
  DueTest,
  WarrantyClaim,
  TEST_OFFER_MONTHS,
  WARRANTY_CLAIMS_LIMIT,
  WarrantyClaims,
} from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

interface ClaimRow {
  appointment_id: number;
  status: 'open' | 'replaced';
  customer_id: number;
  customer_name: string | null;
  opened_at: Date;
  replaced_at: Date | null;
  returned_serial: string;
  returned_model: string | null;
  new_serial: string | null;
  credit_cents: number;
}

/** The item a serial's own install took (its first install): the model and cost it is credited at. */
const INSTALLED = (serial: string, before: string) => `
    LEFT JOIN LATERAL (
      SELECT s.inventory_item_id FROM service_records s
       WHERE lower(s.battery_serial_number) = lower(${serial}) AND s.completed_at <= ${before}
       ORDER BY s.completed_at, s.id LIMIT 1) installed ON true
    LEFT JOIN inventory_items i ON i.id = installed.inventory_item_id`;

/**
 * The claims: each warranty replacement (the returned battery is its previous serial; opened when
 * its claim was, or by the swap itself), and each claim opened from a failing test whose battery is
 * not replaced yet. The model and credit are those of the item the battery's own install took.
 */
const CLAIMS = `
  SELECT r.appointment_id, 'replaced' AS status, r.customer_id, c.name AS customer_name,
         coalesce(wc.opened_at, r.completed_at) AS opened_at, r.completed_at AS replaced_at,
         r.previous_battery_serial_number AS returned_serial, i.name AS returned_model,
         r.battery_serial_number AS new_serial,
         coalesce(round(i.unit_cost * 100), 0)::int AS credit_cents
    FROM service_records r
    LEFT JOIN customers c ON c.id = r.customer_id
    LEFT JOIN warranty_claims wc ON lower(wc.serial) = lower(r.previous_battery_serial_number)
    ${INSTALLED('r.previous_battery_serial_number', 'r.completed_at')}
   WHERE r.service_code = 'warranty_replacement'
  UNION ALL
  SELECT wc.appointment_id, 'open', wc.customer_id, c.name, wc.opened_at, NULL, wc.serial, i.name,
         NULL, coalesce(round(i.unit_cost * 100), 0)::int
    FROM warranty_claims wc
    LEFT JOIN customers c ON c.id = wc.customer_id
    ${INSTALLED('wc.serial', 'wc.opened_at')}
   WHERE NOT EXISTS (
     SELECT 1 FROM service_records r
      WHERE r.service_code = 'warranty_replacement'
        AND lower(r.previous_battery_serial_number) = lower(wc.serial))`;

const toClaim = (r: ClaimRow): WarrantyClaim => ({
  appointmentId: r.appointment_id,
  status: r.status,
  customer: r.customer_name === null ? null : { id: r.customer_id, name: r.customer_name },
  openedAt: r.opened_at.toISOString(),
  replacedAt: r.replaced_at?.toISOString() ?? null,
  returnedSerial: r.returned_serial,
  returnedModel: r.returned_model,
  newSerial: r.new_serial,
  creditCents: r.credit_cents,
});

/** The warranty claims, read from the service records (nothing else records them). */
@Injectable()
export class WarrantyClaimsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async list(): Promise<WarrantyClaims> {
    const [totals]: { count: number; credit_cents: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS count, coalesce(sum(credit_cents), 0)::int AS credit_cents
         FROM (${CLAIMS}) claims`,
    );
    const rows: ClaimRow[] = await this.dataSource.query(
      `SELECT * FROM (${CLAIMS}) claims ORDER BY opened_at DESC, appointment_id DESC LIMIT $1`,
      [WARRANTY_CLAIMS_LIMIT],
    );
    return { count: totals.count, creditCents: totals.credit_cents, claims: rows.map(toClaim) };
  }

  /** Opens a claim; false when the battery has one already (a battery fails once). */
  async open(
    manager: EntityManager,
    claim: { appointmentId: number; customerId: number; serial: string; actor: Actor },
  ): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO warranty_claims (appointment_id, customer_id, serial, opened_by, opened_by_name)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT ((lower(serial))) DO NOTHING RETURNING id`,
      [claim.appointmentId, claim.customerId, claim.serial, claim.actor.id, claim.actor.name],
    );
    return rows.length > 0;
  }

  /** The claim of a returned battery, as the list shows it. */
  async ofSerial(manager: EntityManager, serial: string): Promise<WarrantyClaim | null> {
    const [row]: ClaimRow[] = await manager.query(
      `SELECT * FROM (${CLAIMS}) claims WHERE lower(returned_serial) = lower($1) LIMIT 1`,
      [serial],
    );
    return row ? toClaim(row) : null;
  }

  /**
   * The batteries due for their free test (the offer notify sends then): installed at least
   * TEST_OFFER_MONTHS ago and still in the car (no later record replaced that serial), oldest
   * first, at most WARRANTY_CLAIMS_LIMIT.
   */
  async dueTests(now = new Date()): Promise<DueTest[]> {
    const rows: {
      appointment_id: number;
      customer_id: number;
      customer_name: string | null;
      customer_phone: string | null;
      serial: string;
      model: string | null;
      completed_at: Date;
    }[] = await this.dataSource.query(
      `SELECT r.appointment_id, r.customer_id, c.name AS customer_name, c.phone AS customer_phone,
              r.battery_serial_number AS serial, i.name AS model, r.completed_at
         FROM service_records r
         LEFT JOIN customers c ON c.id = r.customer_id
         LEFT JOIN inventory_items i ON i.id = r.inventory_item_id
        WHERE r.service_code IN ('battery_installed', 'warranty_replacement')
          AND r.completed_at <= $1::timestamptz - make_interval(months => $2)
          AND NOT EXISTS (
            SELECT 1 FROM service_records later
             WHERE lower(later.previous_battery_serial_number) = lower(r.battery_serial_number)
               AND later.completed_at > r.completed_at)
        ORDER BY r.completed_at, r.id LIMIT $3`,
      [now, TEST_OFFER_MONTHS, WARRANTY_CLAIMS_LIMIT],
    );
    return rows.map((r) => ({
      appointmentId: r.appointment_id,
      customer:
        r.customer_name === null
          ? null
          : { id: r.customer_id, name: r.customer_name, phone: r.customer_phone ?? '' },
      serial: r.serial,
      model: r.model,
      installedAt: r.completed_at.toISOString(),
    }));
  }
}
