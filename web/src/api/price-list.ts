import type { PriceList, PriceListInput } from '@cincy/contracts';
import { requestJson } from './request';

/** GET /api/price-list: what new invoices charge besides the battery (admins). */
export function fetchPriceList(signal?: AbortSignal): Promise<PriceList> {
  return requestJson('GET', '/api/price-list', undefined, { signal });
}

/** PUT /api/price-list: the list as it is now. */
export function savePriceList(input: PriceListInput): Promise<PriceList> {
  return requestJson('PUT', '/api/price-list', input);
}
