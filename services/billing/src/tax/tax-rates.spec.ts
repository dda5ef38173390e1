import { DEFAULT_SERVED_ZIP_CODES } from '@cincy/contracts';
import { OHIO_COUNTY_RATES_BPS, taxJurisdictionOf } from './tax-rates';

describe('tax jurisdictions', () => {
  it("taxes Ohio by the ZIP's county, at the Department of Taxation's July 2024 rates", () => {
    expect(taxJurisdictionOf('45202')).toEqual({
      state: 'OH',
      county: 'Hamilton',
      rateBps: 780,
      laborTaxable: true,
      known: true,
    });
    expect(taxJurisdictionOf('45011')).toMatchObject({ county: 'Butler', rateBps: 650 });
    expect(taxJurisdictionOf('45040')).toMatchObject({ county: 'Warren', rateBps: 675 });
    expect(taxJurisdictionOf('45245')).toMatchObject({ county: 'Clermont', rateBps: 675 });
    expect(taxJurisdictionOf('45121')).toMatchObject({ county: 'Brown', rateBps: 725 });
  });

  it('reads a ZIP+4 by its five digits', () => {
    expect(taxJurisdictionOf('45202-1234')).toMatchObject({ county: 'Hamilton', known: true });
  });

  it('taxes Northern Kentucky and Southeast Indiana at their state rates', () => {
    expect(taxJurisdictionOf('41011')).toEqual({
      state: 'KY',
      county: null,
      rateBps: 600,
      laborTaxable: true,
      known: true,
    });
    expect(taxJurisdictionOf('47025')).toEqual({
      state: 'IN',
      county: null,
      rateBps: 700,
      laborTaxable: false,
      known: true,
    });
  });

  it('taxes a ZIP it does not know at the highest rate of the area, marked unknown', () => {
    const highest = Math.max(...Object.values(OHIO_COUNTY_RATES_BPS));
    for (const zip of ['45999', '43215', null])
      expect(taxJurisdictionOf(zip)).toMatchObject({
        county: null,
        rateBps: highest,
        known: false,
      });
  });

  it('has a rate for every county its ZIPs name, and knows a ZIP of each served prefix', () => {
    for (let n = 45000; n < 45300; n++) {
      const where = taxJurisdictionOf(String(n));
      if (where.known)
        expect([n, where.rateBps]).toEqual([n, OHIO_COUNTY_RATES_BPS[where.county!]]);
    }
    const sample: Record<string, string> = {
      '450': '45014',
      '451': '45150',
      '452': '45230',
      '410': '41017',
      '470': '47001',
    };
    for (const prefix of DEFAULT_SERVED_ZIP_CODES)
      expect([prefix, taxJurisdictionOf(sample[prefix]).known]).toEqual([prefix, true]);
  });
});
