import type { BatteryLink, ServiceHistoryRow } from '@cincy/contracts';
import type { PlaceEntry, PlaceKind } from '../../api/customers';
import { formatCount } from '../../lib/format';
import { NONE } from './customer-database.util';

/** "42,000 mi", or the placeholder when the record has none. */
export function mileageText(mileage: string | null): string {
  if (!mileage || !/^\d+$/.test(mileage)) return mileage || NONE;
  return `${formatCount(Number(mileage))} mi`;
}

/** A history row's vehicle: the record's, else the booking's (the server merged them). */
export const historyVehicle = (row: Pick<ServiceHistoryRow, 'vehicle'>) => row.vehicle || NONE;

/** An address's or vehicle's text, whichever the entry is. */
export const placeText = (entry: PlaceEntry) =>
  'address' in entry ? entry.address : entry.vehicle;

/** The body the routes take for one kind: `{ address }` or `{ vehicle }`. */
export function placeBody(kind: PlaceKind, text: string, isDefault?: boolean) {
  const body = kind === 'addresses' ? { address: text } : { vehicle: text };
  return isDefault === undefined ? body : { ...body, isDefault };
}

export const PLACE_COPY: Record<PlaceKind, { title: string; one: string; placeholder: string }> = {
  addresses: {
    title: 'Addresses',
    one: 'address',
    placeholder: '12 Vine St, Cincinnati, OH 45202',
  },
  vehicles: { title: 'Vehicles', one: 'vehicle', placeholder: '2015 Ford F-150' },
};

/** What a battery's page says of one link, in a sentence. */
export function linkSummary(link: BatteryLink): string {
  const where = [link.vehicle, link.customer ? `for ${link.customer.name}` : null]
    .filter(Boolean)
    .join(' ');
  const installed = `Installed ${link.installedOn}${where ? ` in ${where}` : ''}`;
  const replaced = link.replacedBy
    ? `; replaced${link.replacedBy.serviceCode === 'warranty_replacement' ? ' under warranty' : ''} by ${link.replacedBy.serial} on ${link.replacedBy.on}`
    : '';
  return `${installed}${replaced}.`;
}

/** Is the warranty still running on `today` (YYYY-MM-DD, both Cincinnati days)? */
export const underWarranty = (link: Pick<BatteryLink, 'warrantyEndsOn'>, today: string) =>
  today <= link.warrantyEndsOn;
