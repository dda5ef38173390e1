import {
  BUSINESS,
  MoneyReport,
  OUTSTANDING_LIST_LIMIT,
  PaymentMethod,
  ReportQuery,
  addDays,
  businessInstant,
} from '@cincy/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

const DAY = `to_char(%s AT TIME ZONE '${BUSINESS.timeZone}', 'YYYY-MM-DD')`;
const dayOf = (column: string) => DAY.replace('%s', column);

type Money = string | number | null;
const n = (value: Money) => Number(value ?? 0);

/**
 * The money report's statements: invoices by the day they were issued, payments and refunds by
 * the day they were taken (Cincinnati days), and what is owed now. Sums in SQL over indexed
 * ranges: a report reads at most its range's rows once.
 */
@Injectable()
export class MoneyReportRepository {
  constructor(private readonly dataSource: DataSource) {}

  async report({ from, to }: ReportQuery, now = new Date()): Promise<MoneyReport> {
    const range = [businessInstant(from, 0), businessInstant(addDays(to, 1), 0)];
    const q = <T>(sql: string, params: unknown[] = range) =>
      this.dataSource.query<T[]>(sql, params);
    const [invoicedByDay, collectedByDay, byTechnician, byMethod, owing, owingTotal] =
      await Promise.all([
        q<{ day: string; cents: Money; count: Money }>(
          `SELECT ${dayOf('issued_at')} AS day, sum(total_cents) AS cents, count(*) AS count
           FROM invoices WHERE issued_at >= $1 AND issued_at < $2 GROUP BY day`,
        ),
        q<{ day: string; cents: Money }>(
          `SELECT ${dayOf('received_at')} AS day, sum(amount_cents) AS cents
           FROM payments WHERE received_at >= $1 AND received_at < $2 GROUP BY day`,
        ),
        q<{ technician_id: number | null; invoiced: Money; collected: Money; count: Money }>(
          `SELECT i.technician_id,
             sum(i.total_cents) FILTER (WHERE i.issued_at >= $1 AND i.issued_at < $2) AS invoiced,
             count(*) FILTER (WHERE i.issued_at >= $1 AND i.issued_at < $2) AS count,
             coalesce((SELECT sum(p.amount_cents) FROM payments p
               JOIN invoices pi ON pi.id = p.invoice_id
               WHERE pi.technician_id IS NOT DISTINCT FROM i.technician_id
                 AND p.received_at >= $1 AND p.received_at < $2), 0) AS collected
           FROM invoices i
           WHERE (i.issued_at >= $1 AND i.issued_at < $2)
              OR EXISTS (SELECT 1 FROM payments p WHERE p.invoice_id = i.id
                           AND p.received_at >= $1 AND p.received_at < $2)
           GROUP BY i.technician_id`,
        ),
        q<{ method: PaymentMethod; received: Money; refunded: Money; count: Money }>(
          `SELECT method,
             sum(amount_cents) FILTER (WHERE amount_cents > 0) AS received,
             -sum(amount_cents) FILTER (WHERE amount_cents < 0) AS refunded,
             count(*) FILTER (WHERE amount_cents > 0) AS count
           FROM payments WHERE received_at >= $1 AND received_at < $2 GROUP BY method
           ORDER BY method`,
        ),
        q<OwingRow>(
          `SELECT id, number, appointment_id, customer_id, technician_id, issued_at, total_cents,
             total_cents - paid_cents - refunded_cents AS owed_cents
           FROM invoices WHERE status IN ('open', 'partially_paid')
           ORDER BY issued_at, id LIMIT $1`,
          [OUTSTANDING_LIST_LIMIT],
        ),
        q<{ count: Money; owed: Money }>(
          `SELECT count(*) AS count, sum(total_cents - paid_cents - refunded_cents) AS owed
           FROM invoices WHERE status IN ('open', 'partially_paid')`,
          [],
        ),
      ]);
    const days = new Map<string, MoneyReport['days'][number]>();
    for (let day = from; day <= to; day = addDays(day, 1))
      days.set(day, { date: day, invoicedCents: 0, collectedCents: 0, invoices: 0 });
    for (const row of invoicedByDay)
      Object.assign(days.get(row.day) ?? {}, {
        invoicedCents: n(row.cents),
        invoices: n(row.count),
      });
    for (const row of collectedByDay)
      Object.assign(days.get(row.day) ?? {}, { collectedCents: n(row.cents) });
    const dayList = [...days.values()];
    const sum = (pick: (d: MoneyReport['days'][number]) => number) =>
      dayList.reduce((total, d) => total + pick(d), 0);
    return {
      from,
      to,
      totals: {
        invoicedCents: sum((d) => d.invoicedCents),
        collectedCents: sum((d) => d.collectedCents),
        invoices: sum((d) => d.invoices),
      },
      days: dayList,
      technicians: byTechnician.map((row) => ({
        technicianId: row.technician_id,
        invoicedCents: n(row.invoiced),
        collectedCents: n(row.collected),
        invoices: n(row.count),
      })),
      methods: byMethod.map((row) => ({
        method: row.method,
        receivedCents: n(row.received),
        refundedCents: n(row.refunded),
        payments: n(row.count),
      })),
      outstanding: {
        count: n(owingTotal[0]?.count),
        owedCents: n(owingTotal[0]?.owed),
        invoices: owing.map((row) => ({
          invoiceId: row.id,
          number: row.number,
          appointmentId: row.appointment_id,
          customerId: row.customer_id,
          technicianId: row.technician_id,
          issuedAt: row.issued_at.toISOString(),
          totalCents: row.total_cents,
          owedCents: n(row.owed_cents),
          ageDays: Math.floor((now.getTime() - row.issued_at.getTime()) / 86_400_000),
        })),
      },
    };
  }
}

interface OwingRow {
  id: number;
  number: string;
  appointment_id: number;
  customer_id: number;
  technician_id: number | null;
  issued_at: Date;
  total_cents: number;
  owed_cents: Money;
}
