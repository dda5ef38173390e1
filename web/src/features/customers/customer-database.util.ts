import {
  SERVICE_CODE_LABELS,
  vehicleLabel,
  type BatterySearchResult,
  type Customer,
  type CustomerSummary,
  type ServiceRecord,
  type SignedInUser,
} from '@cincy/contracts';

/** The screen's two searches: customers by name, phone or e-mail; batteries by serial. */
export type SearchMode = 'customer' | 'battery';

export const SEARCH_MODES: readonly { mode: SearchMode; label: string }[] = [
  { mode: 'customer', label: 'Customer Search' },
  { mode: 'battery', label: 'Battery Search' },
];

/** The search box asks the server once typing has paused this long. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The screen's empty states, word for word as staff see them. */
export const CUSTOMER_DB_MESSAGES = {
  noMatch: 'No customers found matching your search.',
  noCustomers: 'No customers in database yet.',
  noBatteries: 'No batteries found with that serial number',
  enterSerial: 'Enter a battery serial number to search',
  noHistory: 'No Service History',
  deletedCustomer: 'Deleted customer',
} as const;

/** What the table says when it has no rows, by mode and search text. */
export function emptyMessage(mode: SearchMode, search: string): string {
  const text = search.trim();
  if (mode === 'battery')
    return text ? CUSTOMER_DB_MESSAGES.noBatteries : CUSTOMER_DB_MESSAGES.enterSerial;
  return text ? CUSTOMER_DB_MESSAGES.noMatch : CUSTOMER_DB_MESSAGES.noCustomers;
}

/** Placeholder for a value the record does not have. */
export const NONE = '—';

type VehicleOf = Pick<
  ServiceRecord,
  'vehicleYear' | 'vehicleMake' | 'vehicleModel' | 'vehicleColor'
>;

/** A record's vehicle as the booking form writes it: '2019 Toyota Camry (Blue)'; '' when none. */
export const vehicleText = (record: VehicleOf): string => vehicleLabel(record) ?? '';

/** The service's label in history ('Battery Installed'), or the stored code if it is unknown. */
export function serviceLabel(code: string): string {
  return SERVICE_CODE_LABELS[code as keyof typeof SERVICE_CODE_LABELS] ?? code;
}

/** The customer a row acts on; `email` is left out when the row does not know it (Battery Search). */
export type CustomerTarget = Pick<Customer, 'id' | 'name' | 'phone'> &
  Partial<Pick<Customer, 'email'>>;

/** One Battery Search row: the record, whose it is, and what the table shows. */
export interface BatteryRow {
  key: number;
  serial: string;
  vehicle: string;
  lastService: string;
  /** Null once the customer was deleted: the record stays, without their name. */
  customer: CustomerTarget | null;
  customerId: number;
}

export function toBatteryRow(result: BatterySearchResult): BatteryRow {
  return {
    key: result.id,
    serial: result.batterySerialNumber ?? NONE,
    vehicle: vehicleText(result) || NONE,
    lastService: result.completedAt,
    customer: result.customer
      ? { id: result.customerId, name: result.customer.name, phone: result.customer.phone }
      : null,
    customerId: result.customerId,
  };
}

/**
 * The customers of every loaded page, each once: a customer added or removed between two pages
 * moves the offsets, and would otherwise show twice.
 */
export function uniqueCustomers(pages: readonly (readonly CustomerSummary[])[]): CustomerSummary[] {
  const seen = new Set<number>();
  const out: CustomerSummary[] = [];
  for (const page of pages)
    for (const customer of page) {
      if (seen.has(customer.id)) continue;
      seen.add(customer.id);
      out.push(customer);
    }
  return out;
}

/** The buttons a row shows, in order. */
export type CustomerAction = 'history' | 'edit' | 'delete';

export const CUSTOMER_ACTION_LABELS: Record<CustomerAction, string> = {
  history: 'View History',
  edit: 'Edit',
  delete: 'Delete',
};

/**
 * Anyone signed in may view history and edit; deletion is for privileged users (admins and the
 * named account). A deleted customer's record keeps only its history.
 */
export function customerActionsFor(
  user: Pick<SignedInUser, 'privileged'>,
  customer: CustomerTarget | null,
): CustomerAction[] {
  if (!customer) return ['history'];
  return user.privileged ? ['history', 'edit', 'delete'] : ['history', 'edit'];
}
