import { priceListInputSchema, type PriceList, type PriceListInput } from '@cincy/contracts';
import { z } from 'zod';

/** The Prices card's inputs: dollars as typed, under the contract's field names. */
export type PriceListForm = Record<keyof PriceListInput, string>;

export const PRICE_LIST_FIELDS: { name: keyof PriceListInput; label: string; help: string }[] = [
  {
    name: 'installationCents',
    label: 'Installation ($)',
    help: "Added to the battery's own price on every install.",
  },
  {
    name: 'coreChargeCents',
    label: 'Core charge ($)',
    help: 'Charged when the customer keeps the old battery.',
  },
  {
    name: 'testOnlyCents',
    label: 'Battery test ($)',
    help: 'A visit that only tested the battery.',
  },
];

/** "40.00" for 4000 cents: what the input shows. */
const dollarsText = (cents: number) => (cents / 100).toFixed(2);

export const priceListForm = (list: PriceList): PriceListForm => ({
  installationCents: dollarsText(list.installationCents),
  coreChargeCents: dollarsText(list.coreChargeCents),
  testOnlyCents: dollarsText(list.testOnlyCents),
});

/** Typed dollars as whole cents; empty or not a number stays not a number (refused). */
const cents = (text: string | undefined) => {
  const trimmed = (text ?? '').trim();
  return trimmed ? Math.round(Number(trimmed) * 100) : Number.NaN;
};

/** The PUT body. */
export const priceListInput = (form: Partial<PriceListForm>): PriceListInput => ({
  installationCents: cents(form.installationCents),
  coreChargeCents: cents(form.coreChargeCents),
  testOnlyCents: cents(form.testOnlyCents),
});

/** The form's schema: the contract's rules and messages on the body it sends. */
export const priceListFormSchema = z.preprocess(
  (values) => priceListInput(values as Partial<PriceListForm>),
  priceListInputSchema,
);
