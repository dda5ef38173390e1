import { PRICES } from '../constants';
import { isAgmBattery } from '../notify/messages';

/**
 * The installation the house starts its price list with, dollars. The published installed prices
 * ($165, $210) are a battery's own price plus it, so a battery starts at $125 or $170 (ADR 0115).
 */
export const DEFAULT_INSTALLATION_PRICE = 40;

/** A battery's own price until an admin sets one: the published price of its kind less installation. */
export const defaultBatteryPrice = (name: string): number =>
  (isAgmBattery(name) ? PRICES.agm : PRICES.leadAcid) - DEFAULT_INSTALLATION_PRICE;
