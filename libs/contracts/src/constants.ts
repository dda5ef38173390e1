/** Business facts and limits. One place for every number. */
export const BUSINESS = {
  name: 'Cincy Battery',
  phone: '(513) 555-0142',
  phoneHref: 'tel:+15135550142',
  email: 'service@cincybattery.com',
  timeZone: 'America/New_York',
  serviceArea: 'Cincinnati and Northern Kentucky, mostly inside the I-275 loop',
} as const;

export const PRICES = { leadAcid: 165, agm: 210 } as const;

export const BOOKING = {
  dateChoices: 7,
  vehicleYears: 30,
  zipMaxLength: 10,
  phoneMinLength: 10,
  /**
   * The service hours, 7 days a week (ADR 0100): a scheduled visit starts on the hour from
   * firstHour to lastHour (the hour grid), and ASAP requests are taken from asapFromHour until
   * asapUntilHour. Every screen states them from here (SERVICE_HOURS, RAPID_RESPONSE_WINDOW).
   */
  firstHour: 9,
  lastHour: 21,
  asapFromHour: 9,
  asapUntilHour: 21,
} as const;

export const POLLING_MS = {
  appointments: 5_000,
  userLocations: 30_000,
  users: 30_000,
  batteriesSold: 30_000,
  timeSlots: 30_000,
  ageDisplay: 60_000,
} as const;

export const SESSION = {
  idleMinutes: 60,
  activityCheckMs: 5 * 60_000,
  cookieName: 'cb_session',
  bookingCookieName: 'cb_booking',
  bookingCookieMinutes: 30,
  /** One random id per browser, kept a year: new-device notices and trusted phones (issue 38). */
  deviceCookieName: 'cb_device',
} as const;

/**
 * The open pool on the field app: it lists the oldest `shown` requests (the office has the rest)
 * and is sent twice as many, so jobs others take leave its list full until it reads again.
 */
export const FIELD_POOL = { shown: 20, sent: 40 } as const;

export const SLA_MINUTES = { medium: 30, high: 45, breach: 60 } as const;

export const DEFAULTS = {
  inventoryMinQuantity: 5,
  inventoryQuantity: 0,
  appointmentDurationMinutes: 60,
  priority: 'normal',
  queuePriority: 1,
} as const;

export const MAP = { center: { lat: 39.1, lng: -84.51 }, zoom: 12, boundsPadding: 0.1 } as const;

export const LOCATION = {
  reportThrottleMs: 30_000,
  trackingIntervalMs: 300_000,
  heartbeatIntervalMs: 300_000,
} as const;

/**
 * Where the stack finds PostgreSQL and NATS when DATABASE_URL / NATS_URL are unset, and where the
 * gateway (the app: web pages and /api) listens when PORT is.
 */
export const INFRA_DEFAULTS = {
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/cincy_battery',
  natsUrl: 'nats://127.0.0.1:4222',
  port: 3000,
} as const;

/** The app's own address on this machine, from the gateway's PORT (messages link to it). */
export const localAppUrl = (port: number | string = INFRA_DEFAULTS.port) =>
  `http://localhost:${port}`;

/** What the login page says when a sign-in fails (the gateway answers 401 or 429). */
export const LOGIN_FAILURE = {
  invalid: 'Invalid username or password.',
  throttled: 'Too many sign-in attempts. Please wait a few minutes and try again.',
} as const;

/**
 * socket.io events the gateway pushes to signed-in staff, each with its payload. The browser writes
 * them into its react-query cache.
 */
export const SOCKET_EVENTS = {
  boardChanged: 'board.changed',
  statsChanged: 'stats.changed',
  salesChanged: 'sales.changed',
  teamChanged: 'team.changed',
  inventoryChanged: 'inventory.changed',
  inventoryRemoved: 'inventory.removed',
  queueChanged: 'queue.changed',
  scheduleChanged: 'schedule.changed',
  settingsChanged: 'settings.changed',
} as const;
