import {
  quantityAfter,
  stockMovementInputSchema,
  stockMovementLabel,
  STOCK_MOVEMENT_MESSAGES,
  type StockMovement,
  type StockMovementInput,
  type StockMovementType,
} from '@cincy/contracts';
import { z } from 'zod';
import { serverMessageOf } from '../../api/request';
import type { ToastInput } from '../../components/toast';
import { formatDateTime } from '../../lib/format';
import { toNumber } from './inventory-form.util';

/** Receive, Correct count, Write off: each form's words. */
export const MOVEMENT_FORMS: Record<
  StockMovementType,
  { tab: string; quantityLabel: string; submit: string; done: string; placeholder: string }
> = {
  receive: {
    tab: 'Receive',
    quantityLabel: 'Units received',
    submit: 'Receive stock',
    done: 'Stock received',
    placeholder: 'e.g. Shipment from the distributor, PO 1042',
  },
  correct: {
    tab: 'Correct count',
    quantityLabel: 'Counted quantity',
    submit: 'Save count',
    done: 'Count corrected',
    placeholder: 'e.g. Monthly shelf count',
  },
  write_off: {
    tab: 'Write off',
    quantityLabel: 'Units written off',
    submit: 'Write off',
    done: 'Stock written off',
    placeholder: 'e.g. Cracked case on delivery',
  },
};

/** A movement form as its inputs hold it (text). */
export interface MovementForm {
  quantity: string;
  reason: string;
}
export const EMPTY_MOVEMENT_FORM: MovementForm = { quantity: '', reason: '' };

/** The POST body of a form: an empty quantity is not a number (the schema says so). */
export function buildMovementPayload(type: StockMovementType, form: Partial<MovementForm>) {
  const quantityText = (form.quantity ?? '').trim();
  return {
    type,
    quantity: quantityText === '' ? Number.NaN : toNumber(quantityText),
    reason: form.reason ?? '',
  };
}

/**
 * Each form's schema: the contract's rules and messages on the body it sends, and the rule the
 * server answers 409 for (never below 0) checked here first against the quantity on screen.
 */
export const movementFormSchema = (type: StockMovementType, onHand: number, name: string) =>
  z.preprocess(
    (values) => buildMovementPayload(type, values as Partial<MovementForm>),
    stockMovementInputSchema.superRefine((input, ctx) => {
      if (quantityAfter(onHand, input) === 'below-zero')
        ctx.addIssue({
          code: 'custom',
          path: ['quantity'],
          message: STOCK_MOVEMENT_MESSAGES.belowZero(name, onHand, input.quantity),
        });
    }),
  );

/** What the form will do, shown under it: "3 → 9". */
export function previewAfter(onHand: number, type: StockMovementType, form: Partial<MovementForm>) {
  const parsed = stockMovementInputSchema.safeParse({
    ...buildMovementPayload(type, form),
    reason: 'preview',
  });
  if (!parsed.success) return null;
  const after = quantityAfter(onHand, parsed.data);
  return after === 'below-zero' ? null : `${onHand} → ${after}`;
}

/** A change with its sign: "+6", "−2" (a real minus), "0". */
export function signedChange(change: number): string {
  if (change > 0) return `+${change}`;
  if (change < 0) return `\u2212${Math.abs(change)}`;
  return '0';
}

/** One line of the drawer's list, as text. */
export function movementRow(m: StockMovement) {
  return {
    key: m.id,
    when: formatDateTime(m.createdAt),
    type: stockMovementLabel(m.type),
    change: signedChange(m.quantityChange),
    beforeAfter: `${m.previousQuantity} → ${m.newQuantity}`,
    reason: m.reason ?? '—',
    who: m.userName ?? 'System',
  };
}

export function movementSavedToast(
  type: StockMovementType,
  input: StockMovementInput,
  after: number,
): ToastInput {
  return {
    title: MOVEMENT_FORMS[type].done,
    description: `${input.reason} (now ${after} in stock)`,
  };
}

export const MOVEMENT_TEXT = {
  failed: 'Failed to record the stock movement',
  loadFailed: 'Could not load the movements.',
  empty: 'No movements yet',
  loading: 'Loading the movements...',
} as const;

export function movementFailedToast(error: unknown): ToastInput {
  return {
    title: 'Error',
    description: serverMessageOf(error) ?? MOVEMENT_TEXT.failed,
    variant: 'destructive',
  };
}
