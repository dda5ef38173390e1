import {
  DueTest,
  TEST_OFFER_MONTHS,
  WARRANTY_CLAIMS_LIMIT,
  WarrantyClaims,
} from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

interface ClaimRow {
  appointment_id: number;
  customer_id: number;
  customer_name: string | null;
  completed_at: Date;
  returned_serial: string;
  returned_model: string | null;
  new_serial: string | null;
  credit_cents: number;
}

/**
 * Each warranty replacement is a claim: the returned battery is the record's previous serial, its
 * model and cost those of the item its own install took (the first install of that serial).
 */
const CLAIMS = `
  SELECT r.appointment_id, r.customer_id, c.name AS customer_name, r.completed_at,
         r.previous_battery_serial_number AS returned_serial, i.name AS returned_model,
         r.battery_serial_number AS new_serial,
         coalesce(round(i.unit_cost * 100), 0)::int AS credit_cents
    FROM service_records r
    LEFT JOIN customers c ON c.id = r.customer_id
    LEFT JOIN LATERAL (
      SELECT s.inventory_item_id FROM service_records s
       WHERE lower(s.battery_serial_number) = lower(r.previous_battery_serial_number)
         AND s.completed_at <= r.completed_at
       ORDER BY s.completed_at, s.id LIMIT 1) installed ON true
    LEFT JOIN inventory_items i ON i.id = installed.inventory_item_id
   WHERE r.service_code = 'warranty_replacement'`;

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
      `${CLAIMS} ORDER BY r.completed_at DESC, r.id DESC LIMIT $1`,
      [WARRANTY_CLAIMS_LIMIT],
    );
    return {
      count: totals.count,
      creditCents: totals.credit_cents,
      claims: rows.map((r) => ({
        appointmentId: r.appointment_id,
        customer: r.customer_name === null ? null : { id: r.customer_id, name: r.customer_name },
        replacedAt: r.completed_at.toISOString(),
        returnedSerial: r.returned_serial,
        returnedModel: r.returned_model,
        newSerial: r.new_serial,
        creditCents: r.credit_cents,
      })),
    };
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
