import type { FitmentLookupRow } from '@cincy/contracts';
import { NONE_FREE, fitmentHint } from './fitment-hint.util';

const row = (over: Partial<FitmentLookupRow>): FitmentLookupRow => ({
  id: 1,
  yearFrom: 2018,
  yearTo: 2024,
  make: 'Toyota',
  model: 'Camry',
  engine: null,
  groupSize: '24F',
  enDin: null,
  technology: 'flooded',
  minCca: 550,
  startStop: false,
  registration: false,
  source: 'manual',
  installedPrice: 165,
  updatedAt: '2026-11-29T12:00:00.000Z',
  inStock: true,
  ...over,
});

describe('fitmentHint', () => {
  it('names the battery and its installed price', () => {
    expect(fitmentHint([row({})])).toBe('Your car takes: Group 24F, $165 installed');
    expect(
      fitmentHint([
        row({ groupSize: 'H6', technology: 'AGM', installedPrice: 210, startStop: true }),
      ]),
    ).toBe('Your car takes: Group H6 AGM, $210 installed (start-stop)');
  });

  it('says when none of that battery is free in stock', () => {
    expect(fitmentHint([row({ inStock: false })])).toBe(
      `Your car takes: Group 24F, $165 installed. ${NONE_FREE}`,
    );
    expect(fitmentHint([row({ inStock: null })])).toBe('Your car takes: Group 24F, $165 installed');
  });

  it('gives the choices when the engine decides', () => {
    const rows = [row({ engine: '2.5L I4' }), row({ id: 2, engine: '3.5L V6', groupSize: '35' })];
    expect(fitmentHint(rows)).toBe(
      'Your car takes Group 24F (2.5L I4) or Group 35 (3.5L V6): the technician confirms it at the car',
    );
  });

  it('says we will check a vehicle not on file', () => {
    expect(fitmentHint([])).toBe('We will check which battery your car takes before the visit');
  });
});
