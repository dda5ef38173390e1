import { PRICE_LIST_MESSAGES } from '@cincy/contracts';
import { fieldMessage } from '../../lib/zod-form';
import { priceListForm, priceListFormSchema, priceListInput } from './price-list.util';

describe('the Prices card', () => {
  it('shows cents as dollars and sends dollars as whole cents', () => {
    const list = { installationCents: 4_000, coreChargeCents: 2_050, testOnlyCents: 0 };
    expect(priceListForm({ ...list, updatedAt: null })).toEqual({
      installationCents: '40.00',
      coreChargeCents: '20.50',
      testOnlyCents: '0.00',
    });
    expect(
      priceListInput({ installationCents: ' 45 ', coreChargeCents: '19.999', testOnlyCents: '0' }),
    ).toEqual({ installationCents: 4_500, coreChargeCents: 2_000, testOnlyCents: 0 });
  });

  it("refuses an empty, negative or too large price with the contract's message", () => {
    const values = { installationCents: '', coreChargeCents: '-1', testOnlyCents: '1000.01' };
    expect(
      Object.keys(values).map((field) => fieldMessage(priceListFormSchema, values, field)),
    ).toEqual([
      PRICE_LIST_MESSAGES.installationCents,
      PRICE_LIST_MESSAGES.coreChargeCents,
      PRICE_LIST_MESSAGES.testOnlyCents,
    ]);
    const fine = { installationCents: '40', coreChargeCents: '0', testOnlyCents: '1000' };
    expect(fieldMessage(priceListFormSchema, fine, 'testOnlyCents')).toBeUndefined();
  });
});
