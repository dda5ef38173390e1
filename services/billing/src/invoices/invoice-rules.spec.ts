import fc from 'fast-check';
import { PRICES, defaultBatteryPrice } from '@cincy/contracts';
import {
  DEFAULT_PRICE_LIST,
  invoiceLines,
  invoiceNumber,
  invoiceTotals,
  taxIncluded,
  type InvoiceLineKind,
} from './invoice-rules';

const HAMILTON = { rateBps: 780, laborTaxable: true };
const INDIANA = { rateBps: 700, laborTaxable: false };
const battery = (name: string) => ({ name, priceCents: defaultBatteryPrice(name) * 100 });
const leadAcid = battery('Group 65 Standard');
const agm = battery('Group H6 AGM');

describe('invoice lines', () => {
  it('bills an install at the published installed price, tax included', () => {
    const lines = invoiceLines(
      { serviceCode: 'battery_installed', battery: leadAcid, oldBatteryTaken: true },
      DEFAULT_PRICE_LIST,
    );
    expect(lines).toEqual([
      { kind: 'battery', description: 'Group 65 Standard', amountCents: 12_500 },
      { kind: 'installation', description: 'Installation', amountCents: 4_000 },
    ]);
    expect(invoiceTotals(lines!, HAMILTON).totalCents).toBe(PRICES.leadAcid * 100);
    const agmLines = invoiceLines(
      { serviceCode: 'battery_installed', battery: agm, oldBatteryTaken: true },
      DEFAULT_PRICE_LIST,
    );
    expect(invoiceTotals(agmLines!, HAMILTON).totalCents).toBe(PRICES.agm * 100);
  });

  it('adds the core charge only when the customer keeps the old battery', () => {
    const kept = invoiceLines(
      { serviceCode: 'battery_installed', battery: leadAcid, oldBatteryTaken: false },
      DEFAULT_PRICE_LIST,
    );
    expect(kept?.map((l) => [l.kind, l.amountCents])).toEqual([
      ['battery', 12_500],
      ['installation', 4_000],
      ['core_charge', 2_000],
    ]);
  });

  it('bills a warranty replacement at no charge, and never a core charge', () => {
    const lines = invoiceLines(
      { serviceCode: 'warranty_replacement', battery: agm, oldBatteryTaken: false },
      DEFAULT_PRICE_LIST,
    );
    expect(lines).toEqual([
      { kind: 'battery', description: 'Group H6 AGM (warranty replacement)', amountCents: 0 },
      { kind: 'installation', description: 'Installation (warranty)', amountCents: 0 },
    ]);
    expect(invoiceTotals(lines!, HAMILTON)).toMatchObject({ totalCents: 0, taxCents: 0 });
  });

  it('bills a test its fee from the price list, and a visit that did nothing not at all', () => {
    const prices = { ...DEFAULT_PRICE_LIST, testOnlyCents: 4_900 };
    expect(
      invoiceLines({ serviceCode: 'test_only', battery: null, oldBatteryTaken: true }, prices),
    ).toEqual([{ kind: 'battery_test', description: 'Battery test', amountCents: 4_900 }]);
    expect(
      invoiceLines({ serviceCode: 'no_service', battery: null, oldBatteryTaken: true }, prices),
    ).toBeNull();
  });

  it('refuses an install without its battery (a record the rules already refuse)', () => {
    expect(() =>
      invoiceLines(
        { serviceCode: 'battery_installed', battery: null, oldBatteryTaken: true },
        DEFAULT_PRICE_LIST,
      ),
    ).toThrow('names its battery');
  });
});

describe('tax', () => {
  it('takes the tax out of a tax-included amount, rounded half up to the cent', () => {
    // $125.00 at 7.80 %: 12,500 x 780 / 10,780 = 904.45 cents.
    expect(taxIncluded(12_500, 780)).toBe(904);
    // $10.75 at 7.50 %: 1,075 x 750 / 10,750 = 75 cents exactly.
    expect(taxIncluded(1_075, 750)).toBe(75);
    // Half a cent goes up: 7 cents at 100 % hold 3.5 cents of tax.
    expect(taxIncluded(7, 10_000)).toBe(4);
    expect(taxIncluded(0, 780)).toBe(0);
  });

  it('prints an install in Hamilton County as the customer pays it', () => {
    const lines = invoiceLines(
      { serviceCode: 'battery_installed', battery: leadAcid, oldBatteryTaken: true },
      DEFAULT_PRICE_LIST,
    )!;
    expect(invoiceTotals(lines, HAMILTON)).toEqual({
      lines: [
        { kind: 'battery', description: 'Group 65 Standard', amountCents: 12_500, taxCents: 904 },
        { kind: 'installation', description: 'Installation', amountCents: 4_000, taxCents: 289 },
      ],
      subtotalCents: 15_307,
      taxCents: 1_193,
      totalCents: 16_500,
    });
  });

  it('taxes only the goods where labor is not taxed (Indiana)', () => {
    const lines = invoiceLines(
      { serviceCode: 'battery_installed', battery: leadAcid, oldBatteryTaken: false },
      DEFAULT_PRICE_LIST,
    )!;
    const { lines: taxed, taxCents } = invoiceTotals(lines, INDIANA);
    expect(taxed.map((l) => [l.kind, l.taxCents])).toEqual([
      ['battery', taxIncluded(12_500, 700)],
      ['installation', 0],
      ['core_charge', taxIncluded(2_000, 700)],
    ]);
    expect(taxCents).toBe(818 + 131);
  });

  it('refuses an amount that is not whole cents', () => {
    expect(() =>
      invoiceTotals([{ kind: 'battery', description: 'x', amountCents: 10.5 }], HAMILTON),
    ).toThrow('whole cents');
    expect(() =>
      invoiceTotals([{ kind: 'battery', description: 'x', amountCents: -1 }], HAMILTON),
    ).toThrow('whole cents');
  });

  const kinds: InvoiceLineKind[] = ['battery', 'installation', 'core_charge', 'battery_test'];
  const line = fc.record({
    kind: fc.constantFrom(...kinds),
    description: fc.constant('line'),
    amountCents: fc.integer({ min: 0, max: 10_000_000 }),
  });
  const jurisdiction = fc.record({
    rateBps: fc.integer({ min: 0, max: 2_000 }),
    laborTaxable: fc.boolean(),
  });

  it('adds up as printed: the total is the sum of the rounded lines (fast-check)', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), jurisdiction, (lines, where) => {
        const totals = invoiceTotals(lines, where);
        const sum = (pick: (l: (typeof totals.lines)[number]) => number) =>
          totals.lines.reduce((s, l) => s + pick(l), 0);
        expect(totals.totalCents).toBe(sum((l) => l.amountCents));
        expect(totals.taxCents).toBe(sum((l) => l.taxCents));
        expect(totals.subtotalCents + totals.taxCents).toBe(totals.totalCents);
        expect(totals.lines.map((l) => l.amountCents)).toEqual(lines.map((l) => l.amountCents));
      }),
    );
  });

  it("rounds each line's tax to the nearest cent of the exact tax inside it (fast-check)", () => {
    fc.assert(
      fc.property(line, jurisdiction, (one, where) => {
        const [{ taxCents }] = invoiceTotals([one], where).lines;
        const labor = one.kind === 'installation' || one.kind === 'battery_test';
        if (labor && !where.laborTaxable) return expect(taxCents).toBe(0);
        const exact = (one.amountCents * where.rateBps) / (10_000 + where.rateBps);
        expect(Math.abs(taxCents - exact)).toBeLessThanOrEqual(0.5);
        // Half a cent goes up, as the states round.
        if (exact - Math.floor(exact) === 0.5) expect(taxCents).toBe(Math.ceil(exact));
        expect(taxCents).toBeGreaterThanOrEqual(0);
        expect(taxCents).toBeLessThanOrEqual(one.amountCents);
      }),
    );
  });
});

describe('invoice numbers', () => {
  it('says the year and the place in its sequence, six digits and more when needed', () => {
    expect(invoiceNumber(2026, 123)).toBe('INV-2026-000123');
    expect(invoiceNumber(2027, 1)).toBe('INV-2027-000001');
    expect(invoiceNumber(2026, 1_234_567)).toBe('INV-2026-1234567');
  });

  it('starts a sequence at 1', () => {
    expect(() => invoiceNumber(2026, 0)).toThrow('starts at 1');
  });
});
