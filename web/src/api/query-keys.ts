import type { AuditEntity, ReportQuery, TimeSlotsRequest } from '@cincy/contracts';
import type { InventoryQuery } from './inventory';

/**
 * Every react-query key of the app. The first element is the URL path the query GETs, the rest are
 * its parameters, so a key reads as the request it caches and `invalidateQueries` by path works.
 * A path with an id in it is written as its route (`/api/customers/:id/service-records`), the id
 * follows as a parameter. The account's keys (issue 38) are written the same way in
 * account-query-keys.ts: this module is in the booking form's first screen, which has a budget.
 */
export const QUERY_KEYS = {
  appointments: ['/api/appointments'] as const,
  timeSlots: ({ date, address = '' }: TimeSlotsRequest) =>
    ['/api/time-slots', date, address] as const,
  dashboardStats: ['/api/dashboard/stats'] as const,
  batteriesSoldToday: ['/api/dashboard/batteries-sold-today'] as const,
  mapConfig: ['/api/dashboard/map'] as const,
  userLocations: ['/api/users/locations'] as const,
  /** Every inventory list, whatever its filter (for invalidation). */
  inventoryAll: ['/api/inventory'] as const,
  /** Where stock is kept: the warehouse and the vans. */
  locations: ['/api/inventory/locations'] as const,
  inventory: ({ category, lowStock = false }: InventoryQuery = {}) =>
    ['/api/inventory', { category: category ?? null, lowStock }] as const,
  /** Every Customer Database list and lookup (for invalidation). */
  customersAll: ['/api/customers'] as const,
  /** The Customer Database's pages for one search text (an infinite query: pages by offset). */
  customers: (search: string) => ['/api/customers', { search: search.trim() }] as const,
  /** The first page of a search, read to find one customer (Edit from a Battery Search row). */
  customerLookup: (search: string) =>
    ['/api/customers', { search: search.trim(), lookup: true }] as const,
  customerVisits: (customerId: number) => ['/api/customers/:id/visits', customerId] as const,
  /** A job's battery tests (issue 35). */
  batteryTests: (appointmentId: number) =>
    ['/api/appointments/:id/battery-tests', appointmentId] as const,
  /** A job's photos (issue 35). */
  jobPhotos: (appointmentId: number) => ['/api/appointments/:id/photos', appointmentId] as const,
  jobInvoice: (appointmentId: number) => ['/api/appointments/:id/invoice', appointmentId] as const,
  customerServiceRecords: (customerId: number) =>
    ['/api/customers/:id/service-records', customerId] as const,
  /** Every Battery Search (for invalidation). */
  serialSearchAll: ['/api/service-records/search'] as const,
  serialSearch: (serialNumber: string) =>
    ['/api/service-records/search', serialNumber.trim()] as const,
  users: ['/api/users'] as const,
  /** The ASAP waiting list (admins), kept live by 'queue.changed'. */
  queue: ['/api/queue'] as const,
  /** Auto-dispatch on or off, kept live by 'settings.changed'. */
  dispatchSettings: ['/api/dispatch/settings'] as const,
  /** Every technician's schedule (the Schedules screen). */
  schedules: ['/api/schedules'] as const,
  /** Every cached day of the Day view (for invalidation). */
  dayAll: ['/api/dispatch/day'] as const,
  /** The Day view of one business date ('YYYY-MM-DD'). */
  day: (date: string) => ['/api/dispatch/day', date] as const,
  /** One thing's History drawer (an infinite query: pages by `before`). */
  audit: (entity: AuditEntity, id: number) => ['/api/audit', { entity, id }] as const,
  /** The Reports screen for one range of business dates. */
  report: ({ from, to }: ReportQuery) => ['/api/reports', { from, to }] as const,
  moneyReport: ({ from, to }: ReportQuery) => ['/api/reports/money', { from, to }] as const,
  /** What new invoices charge besides the battery (admins). */
  priceList: ['/api/price-list'] as const,
  /** Batteries replaced under warranty (admins). */
  warrantyClaims: ['/api/warranty/claims'] as const,
  /** Batteries due for their free test (admins). */
  dueTests: ['/api/warranty/due-tests'] as const,
  /** The fitment table (admins). */
  fitment: ['/api/fitment/rows'] as const,
};

/** The list the completion dialog picks batteries from. */
export const BATTERY_INVENTORY: InventoryQuery = { category: 'battery' };

/** The Inventory screen's list: every item; the low-stock toggle filters it in the browser. */
export const ALL_INVENTORY: InventoryQuery = {};
