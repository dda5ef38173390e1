import { CUSTOMER_PAGE_SIZE } from '@cincy/contracts';
import { nextCustomerOffset } from './use-customers';

const page = (length: number) => Array.from({ length }, (_, i) => i);

describe('nextCustomerOffset (Load more)', () => {
  it('asks for the next 50 after a full page', () => {
    expect(CUSTOMER_PAGE_SIZE).toBe(50);
    expect(nextCustomerOffset(page(50), 0)).toBe(50);
    expect(nextCustomerOffset(page(50), 50)).toBe(100);
  });

  it('offers no more after a page that came back short', () => {
    expect(nextCustomerOffset(page(49), 0)).toBeUndefined();
    expect(nextCustomerOffset([], 100)).toBeUndefined();
  });
});
