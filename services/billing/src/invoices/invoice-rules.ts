import {
  DEFAULT_INSTALLATION_PRICE,
  type PriceListInput,
  type ServiceCode,
} from '@cincy/contracts';
import type { TaxJurisdiction } from '../tax';

/**
 * What an invoice is made of (ADR 0113). Every amount is integer cents and includes the tax: the
 * published prices are "tax included" ($165 lead acid, $210 AGM, installed), so a line's amount
 * is what the customer pays for it and its tax is the part of it that goes to the state.
 */
export type InvoiceLineKind = 'battery' | 'installation' | 'core_charge' | 'battery_test';

export interface InvoiceLine {
  kind: InvoiceLineKind;
  description: string;
  /** What the customer pays for the line, tax included. */
  amountCents: number;
  /** The tax inside `amountCents`, rounded to the cent on its own. */
  taxCents: number;
}

export interface InvoiceTotals {
  lines: InvoiceLine[];
  /** The total less its tax. */
  subtotalCents: number;
  taxCents: number;
  /** The sum of the lines' amounts. */
  totalCents: number;
}

/**
 * The list the house starts with (migration 1733700000001): installation $40, so a battery's
 * installed price is its own price plus $40 (`defaultBatteryPrice` makes the published $165 and
 * $210). The public pages publish no price for a test, so none is charged until an admin sets one.
 */
export const DEFAULT_PRICE_LIST: PriceListInput = {
  installationCents: DEFAULT_INSTALLATION_PRICE * 100,
  coreChargeCents: 2_000,
  testOnlyCents: 0,
};

/** What the job did, from its service record. */
export interface BilledWork {
  serviceCode: ServiceCode;
  /** The battery put in (its name and price, tax included); null when none was. */
  battery: { name: string; priceCents: number } | null;
  /** The van took the old battery (waives the core charge). */
  oldBatteryTaken: boolean;
}

/** Labor is taxed only where the jurisdiction taxes it; goods always are. */
const isLabor = (kind: InvoiceLineKind) => kind === 'installation' || kind === 'battery_test';

/**
 * The tax contained in a tax-included amount at `rateBps` (780 = 7.80 %): amount x r / (1 + r),
 * rounded half up to the cent, in integers only.
 */
export function taxIncluded(amountCents: number, rateBps: number): number {
  const numerator = amountCents * rateBps;
  const denominator = 10_000 + rateBps;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/**
 * The lines a job is billed: an install is the battery, its installation and, when the customer
 * keeps the old battery, the core charge; a warranty replacement the same battery and
 * installation at no charge (the failed battery goes back to the maker, so no core charge); a
 * test its fee. A visit that did nothing is not billed (null).
 */
export function invoiceLines(
  work: BilledWork,
  prices: PriceListInput,
): Omit<InvoiceLine, 'taxCents'>[] | null {
  switch (work.serviceCode) {
    case 'no_service':
      return null;
    case 'test_only':
      return [
        { kind: 'battery_test', description: 'Battery test', amountCents: prices.testOnlyCents },
      ];
    case 'battery_installed':
    case 'warranty_replacement': {
      if (!work.battery) throw new Error(`A ${work.serviceCode} record names its battery`);
      const warranty = work.serviceCode === 'warranty_replacement';
      const lines: Omit<InvoiceLine, 'taxCents'>[] = [
        {
          kind: 'battery',
          description: warranty ? `${work.battery.name} (warranty replacement)` : work.battery.name,
          amountCents: warranty ? 0 : work.battery.priceCents,
        },
        {
          kind: 'installation',
          description: warranty ? 'Installation (warranty)' : 'Installation',
          amountCents: warranty ? 0 : prices.installationCents,
        },
      ];
      if (!warranty && !work.oldBatteryTaken)
        lines.push({
          kind: 'core_charge',
          description: 'Core charge (old battery kept)',
          amountCents: prices.coreChargeCents,
        });
      return lines;
    }
  }
}

/**
 * Each line's tax and the invoice's totals. Each line's tax is rounded on its own and the totals
 * are sums of rounded lines, so the invoice always adds up as printed: total = sum of the lines'
 * amounts, tax = sum of the lines' taxes, subtotal = total - tax.
 */
export function invoiceTotals(
  lines: readonly Omit<InvoiceLine, 'taxCents'>[],
  jurisdiction: Pick<TaxJurisdiction, 'rateBps' | 'laborTaxable'>,
): InvoiceTotals {
  const taxed = lines.map((line) => {
    if (!Number.isSafeInteger(line.amountCents) || line.amountCents < 0)
      throw new Error(`A line's amount is whole cents, at least 0: ${line.amountCents}`);
    const taxable = jurisdiction.laborTaxable || !isLabor(line.kind);
    return { ...line, taxCents: taxable ? taxIncluded(line.amountCents, jurisdiction.rateBps) : 0 };
  });
  const totalCents = taxed.reduce((sum, line) => sum + line.amountCents, 0);
  const taxCents = taxed.reduce((sum, line) => sum + line.taxCents, 0);
  return { lines: taxed, subtotalCents: totalCents - taxCents, taxCents, totalCents };
}

/** `INV-2026-000123`: the year it was issued (Cincinnati) and its place in that year's sequence. */
export function invoiceNumber(year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1)
    throw new Error(`An invoice's sequence starts at 1: ${sequence}`);
  return `INV-${year}-${String(sequence).padStart(6, '0')}`;
}
