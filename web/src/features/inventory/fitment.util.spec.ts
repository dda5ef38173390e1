import type { Fitment } from '@cincy/contracts';
import { matchesSearch } from './fitment.util';

const camry = {
  yearFrom: 2018,
  yearTo: 2024,
  make: 'Toyota',
  model: 'Camry',
  engine: '3.5L V6',
  groupSize: '24F',
  technology: 'flooded',
} as Fitment;

describe('matchesSearch', () => {
  it('finds a row by every word typed, in any case and order', () => {
    expect(matchesSearch(camry, '')).toBe(true);
    expect(matchesSearch(camry, 'camry toyota')).toBe(true);
    expect(matchesSearch(camry, '24f')).toBe(true);
    expect(matchesSearch(camry, 'V6 2018')).toBe(true);
  });

  it('leaves out a row missing any word', () => {
    expect(matchesSearch(camry, 'camry agm')).toBe(false);
    expect(matchesSearch(camry, 'honda')).toBe(false);
  });
});
