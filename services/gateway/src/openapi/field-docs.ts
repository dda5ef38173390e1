import { REPORT_MAX_DAYS, SERVICE_CODES, TEXT_LIMITS } from '@cincy/contracts';

/**
 * What the API document says of each parameter and body field: a description and an example.
 * Looked up by `<METHOD> <path> <name>` for the one route where it differs, then `<tag>.<name>`
 * (the tag is the path's first segment after /api: `customers`, `inventory`), then `<name>`
 * alone, so a field that means the same everywhere is written once and one that differs by
 * resource (`name`, `status`, `reason`) says so where it differs.
 * The OpenAPI test holds every example against the route's own contract, so none can go stale.
 */
export interface FieldDoc {
  description: string;
  example: unknown;
}

const DATE = (what: string): FieldDoc => ({
  description: `${what}, a calendar day in Cincinnati time as YYYY-MM-DD.`,
  example: '2026-11-30',
});

const WEEKLY_SHIFTS: FieldDoc = {
  description:
    'The whole week: each shift names its weekday (0 Sunday to 6 Saturday) and its start and end times such as 08:00 and 17:30 (at most 4 a day, not overlapping).',
  example: [
    { weekday: 1, start: '08:00', end: '17:00' },
    { weekday: 2, start: '08:00', end: '12:00' },
    { weekday: 2, start: '13:00', end: '17:00' },
  ],
};

const FIELDS: Record<string, FieldDoc> = {
  // Shared by several resources.
  'Idempotency-Key': {
    description:
      "Any 1-255 printable characters chosen by the client per attempt (a booking, or a technician's step kept in the phone's outbox). Sending the same key again answers the first request instead of doing it twice; the same key with different details is refused (422).",
    example: '5f0c6b1e-8a43-4c1f-9a55-2b7d0f0e6a21',
  },
  occurredAt: {
    description:
      "When the technician tapped the step, as the phone recorded it (ISO 8601 with its offset), for a step sent later from the phone's outbox; absent, now. Refused (400) when more than 2 minutes ahead of the server's clock, more than 24 hours old, or before the job's previous step.",
    example: '2026-11-28T14:05:00-05:00',
  },
  phone: {
    description: 'A US phone number; digits, spaces, brackets, + and - are accepted.',
    example: '(513) 555-0199',
  },
  email: {
    description: 'Where the confirmation and receipt go; null or absent for none.',
    example: 'robin.tracker@example.com',
  },
  customerId: { description: "The customer's id.", example: 42 },
  appointmentId: { description: "The appointment's id.", example: 1207 },
  technicianId: { description: "The technician's user id.", example: 7 },
  scheduledDate: DATE('The day of the visit'),
  scheduledTime: {
    description: 'The hour the visit starts, HH:00:00 in Cincinnati time (9 AM to 9 PM).',
    example: '14:00:00',
  },
  notes: {
    description: 'Free text: a gate code, where the car is parked.',
    example: 'Blue Honda in the garage, code 4412',
  },
  vehicle: {
    description: 'The car, as year make model color.',
    example: '2019 Toyota Camry Silver',
  },
  isDefault: { description: 'Make this the one used by default.', example: true },
  address: {
    description: 'A street address with city, state and ZIP.',
    example: '1200 Vine St, Cincinnati, OH 45202',
  },
  date: DATE('The day'),
  serialNumber: {
    description: "A battery's serial number as printed on its label.",
    example: 'DH6-2611-04471',
  },
  serial: {
    description: "A battery's serial number as printed on its label.",
    example: 'DH6-2611-04471',
  },
  username: { description: 'The sign-in name.', example: 'dana.q' },
  password: { description: 'The password.', example: 'Correct-Horse-42' },

  // Sign-in.
  'auth.username': { description: 'The sign-in name of a staff account.', example: 'dana.q' },
  'auth.password': { description: "The account's password.", example: 'Correct-Horse-42' },

  // Customers.
  'customers.name': {
    description: `The customer's full name, first and last (at most ${TEXT_LIMITS.name} characters).`,
    example: 'Robin Tracker',
  },
  'customers.search': {
    description: 'Matches a part of the name, phone, address or vehicle; empty lists everyone.',
    example: 'Tracker',
  },
  'customers.offset': {
    description: 'How many customers to skip, for the next page of the list.',
    example: 0,
  },

  // Appointments.
  'appointments.location': {
    description: 'Where the car is: street, city, state and ZIP in one line.',
    example: '1200 Vine St, Cincinnati, OH 45202',
  },
  'appointments.preferredTime': {
    description: "'ASAP', or the visit's day as YYYY-MM-DD for a visit at a chosen hour.",
    example: '2026-11-30',
  },
  'appointments.status': {
    description:
      'The step the job moves to. A new booking is always pending; a technician moves only their own job, one step at a time.',
    example: 'pending',
  },
  'appointments.priority': { description: 'Always normal for a new booking.', example: 'normal' },
  'appointments.technicianUsername': {
    description: 'The technician by sign-in name, when technicianId is not given.',
    example: 'dana.q',
  },
  'appointments.version': {
    description:
      'The job version the dispatcher looked at (from the board); a job changed since then is refused (409) rather than reassigned blindly.',
    example: 3,
  },
  'appointments.reason': {
    description: 'Why the technician hands the job back, shown to the dispatcher.',
    example: 'Van has a flat tire',
  },
  'POST /api/appointments/:id/cancel reason': {
    description: 'Why the visit is cancelled, as the customer gave it; optional.',
    example: 'Customer called: car started after all',
  },

  // A job's battery tests (issue 35), as a conductance tester prints them.
  'appointments.battery': {
    description: 'Which battery was tested: old (in the car on arrival) or new (the one put in).',
    example: 'old',
  },
  'appointments.ratingStandard': {
    description: "The standard of the battery's cold cranking amps rating, from its label.",
    example: 'SAE',
  },
  'appointments.ratedCca': {
    description: "Cold cranking amps on the battery's label, a whole number from 0 to 2,000.",
    example: 600,
  },
  'appointments.measuredCca': {
    description: 'Cold cranking amps the tester measured, a whole number from 0 to 2,000.',
    example: 250,
  },
  'appointments.voltage': {
    description: 'Open-circuit voltage the tester read, 0 to 20 V to the hundredth.',
    example: 12.05,
  },
  'appointments.stateOfHealth': {
    description: "The tester's state of health, a whole percentage from 0 to 100.",
    example: 41,
  },
  'appointments.decision': {
    description:
      "The tester's decision. A warranty replacement needs an old battery's REPLACE or BAD_CELL; a test-only visit needs one test.",
    example: 'REPLACE',
  },
  'appointments.starter': {
    description:
      'The starter test, when run: cranking voltage (0-20 V) and NORMAL or LOW; null otherwise.',
    example: { voltage: 9.6, result: 'NORMAL' },
  },
  'appointments.charging': {
    description:
      'The charging-system test, when run: output voltage (0-20 V) and NO_PROBLEMS, NO_OUTPUT, LOW, HIGH or EXCESSIVE_RIPPLE; null otherwise.',
    example: { voltage: 14.2, result: 'NO_PROBLEMS' },
  },
  'appointments.kind': {
    description:
      "What the photo is of: label (the new battery's label), old (the old battery) or signature (the customer's, with signedBy).",
    example: 'label',
  },
  'appointments.arrivalCode': {
    description:
      "On arrival (status on_location), where the business asks for proof of arrival (REQUIRE_ARRIVAL_CODE): the 4-digit code on the customer's tracking page. A wrong or missing one is refused (400) with the tries left; the third is let through and flagged to the dispatcher. Office staff are not asked.",
    example: '0482',
  },
  'appointments.signedBy': {
    description: "The customer's printed name under their signature (kind signature only).",
    example: 'Robin Banks',
  },
  'appointments.testCode': {
    description: 'The code the tester printed, to find the test again (at most 40 characters).',
    example: 'T-4471-0092',
  },

  // Inventory.
  'inventory.name': { description: "The item's name.", example: 'Group H6 AGM 760 CCA' },
  'inventory.description': { description: 'A longer description.', example: 'AGM, 70 Ah, 760 CCA' },
  'inventory.sku': { description: "The supplier's stock-keeping unit.", example: 'H6-AGM-760' },
  'inventory.category': {
    description: 'A battery or a supply (terminals, cleaner).',
    example: 'battery',
  },
  'inventory.quantity': {
    description: 'How many are in stock (create and edit) or how many move (a stock movement).',
    example: 12,
  },
  'inventory.minQuantity': {
    description: 'At or below this count the item is low on stock.',
    example: 4,
  },
  'inventory.unitCost': { description: 'What one costs us, in dollars.', example: 142.5 },
  'inventory.price': {
    description:
      'What a customer pays for it, in dollars, tax included (a battery: before its installation, which is on the price list). null: not sold on its own. Absent: left as it is; a new battery starts at the house price of its kind ($170 AGM, $125 other), a supply at none. An issued invoice keeps the price it was issued with.',
    example: 170,
  },
  'inventory.warrantyMonths': {
    description:
      'The warranty each battery of it is sold with, in months (0 to 120). Absent: left as it is (a new item: 12). Each install keeps the warranty it was given.',
    example: 12,
  },
  'inventory.vanMinQuantity': {
    description:
      'How many each van should carry (0 to 100; 0: no van minimum). A van holding fewer is low. Absent: left as it is (a new item: 0).',
    example: 2,
  },
  'inventory.notes': {
    description: 'Free text for the office.',
    example: 'Reorder from Interstate',
  },
  'inventory.lowStock': {
    description: "'true' lists only items at or below their minimum.",
    example: 'true',
  },
  'inventory.type': {
    description: 'receive adds stock, write_off removes it, correct sets the counted quantity.',
    example: 'receive',
  },
  'inventory.reason': {
    description: 'Why the stock moved, kept in the history.',
    example: 'Delivery #4471',
  },

  'POST /api/inventory/transfers itemId': { description: 'The item whose units move.', example: 3 },
  'POST /api/inventory/transfers fromLocationId': {
    description:
      'Where the units are now: a place of GET /api/inventory/locations (1 is the warehouse).',
    example: 1,
  },
  'POST /api/inventory/transfers toLocationId': {
    description: 'Where they go: another place of GET /api/inventory/locations.',
    example: 2,
  },
  'POST /api/inventory/transfers quantity': {
    description: 'How many units move: 1 to 10000, no more than the place they leave holds.',
    example: 2,
  },
  'POST /api/inventory/transfers reason': {
    description: 'Why they move (up to 200 characters), kept in the stock history.',
    example: 'Morning restock',
  },

  // Time slots.
  'time-slots.date': DATE('The day whose hours are asked for'),
  'time-slots.address': {
    description:
      'The visit address; with it, hours nobody on shift can reach are marked. Optional.',
    example: '1200 Vine St, Cincinnati, OH 45202',
  },

  // Schedules.
  'schedules.technicianId': { description: "The technician's user id.", example: '7' },
  'schedules.date': DATE('The day of the exception'),
  'schedules.shifts': {
    description:
      "The day's shifts, start and end times such as 08:00 and 17:30 (at most 4, not overlapping). An empty list is a day off.",
    example: [{ start: '08:00', end: '17:00' }],
  },
  'PUT /api/schedules/:technicianId/weekly shifts': WEEKLY_SHIFTS,
  'POST /api/schedules/:technicianId/weekly/impact shifts': WEEKLY_SHIFTS,

  // Dispatch settings and the day.
  'dispatch.autoDispatch': {
    description: 'Offer each new job to the best-placed technician without a dispatcher.',
    example: true,
  },
  'dispatch.date': DATE('The day shown'),

  // Service records (a completion).
  'service-records.serviceCode': {
    description: `What was done: ${SERVICE_CODES.join(', ')}.`,
    example: 'battery_installed',
  },
  'service-records.completionNotes': {
    description: 'What the technician notes of the visit.',
    example: 'Old battery failed load test; terminals cleaned',
  },
  'service-records.batterySerialNumber': {
    description: "The installed battery's serial number.",
    example: 'DH6-2611-04471',
  },
  'service-records.previousBatterySerialNumber': {
    description: "The removed battery's serial number, when readable.",
    example: 'DH6-2209-11873',
  },
  'service-records.vehicleYear': { description: "The car's model year.", example: '2019' },
  'service-records.vehicleMake': { description: "The car's make.", example: 'Toyota' },
  'service-records.vehicleModel': { description: "The car's model.", example: 'Camry' },
  'service-records.vehicleColor': { description: "The car's color.", example: 'Silver' },
  'service-records.vehicleMileage': {
    description: 'The odometer reading, in miles.',
    example: 48210,
  },
  'service-records.technicianName': {
    description: "The technician's name.",
    example: 'Dana Quillfeather',
  },
  'service-records.inventoryItemId': {
    description: 'The inventory item installed; its stock goes down by one.',
    example: 3,
  },
  'service-records.oldBatteryKept': {
    description:
      'A battery sold, and the customer keeps the old one: the invoice bills the core charge. Absent or false: the van took it.',
    example: false,
  },

  // Users.
  'users.username': {
    description: 'The sign-in name: letters, digits and . _ @ -.',
    example: 'dana.q',
  },
  'users.name': { description: "The person's full name.", example: 'Dana Quillfeather' },
  'users.role': {
    description: 'admin for the office, technician for the vans.',
    example: 'technician',
  },
  'users.password': {
    description: 'The new password; on an edit, leave it out to keep the current one.',
    example: 'Correct-Horse-42',
  },
  'users.employeeId': { description: 'The payroll number, if any.', example: 'E-1042' },
  'users.status': {
    description: 'Ignored: a user is active while the account exists.',
    example: 'active',
  },
  'users.zipCode': {
    description: "The technician's home ZIP code, where their day starts.",
    example: '45202',
  },
  'users.latitude': { description: 'Where the phone is, degrees north.', example: 39.1031 },
  'users.longitude': {
    description: 'Where the phone is, degrees east (negative: west).',
    example: -84.512,
  },
  'users.accuracy': { description: 'How far off the position may be, in meters.', example: 12 },

  // A staff account's sign-in and security (issue 38).
  'auth.code': {
    description: 'The 6-digit code the authenticator app shows now (each code signs in once).',
    example: '492039',
  },
  'auth.recoveryCode': {
    description:
      'One of the ten recovery codes shown at setup, with or without its dashes; each works once.',
    example: 'k7mq-2xpv-9tne-hc4r-w8ja-3zdu',
  },
  'auth.trustDevice': {
    description:
      'Remember this browser for 30 days: its next sign-ins ask the password alone (the field app’s "Trust this phone").',
    example: true,
  },
  'auth.challengeId': {
    description: 'The ceremony’s id, from the options answer of the same passkey request.',
    example: 'Qm9vLWNoYWxsZW5nZS1pZA',
  },
  'auth.response': {
    description:
      'The browser’s WebAuthn answer as JSON (what @simplewebauthn/browser’s startRegistration or startAuthentication returns).',
    example: { id: 'credential-id', rawId: 'credential-id', type: 'public-key', response: {} },
  },
  'auth.name': { description: 'A name to tell the passkey by.', example: 'Work phone' },
  'auth.login': {
    description: 'The account’s email or username.',
    example: 'dana@cincybattery.com',
  },
  'auth.token': {
    description: 'The single-use token from the email’s link.',
    example: 'q0pV3dY8mZ2kL5wN7xR1tB4cF6hJ9sA0eG2iK4oM6uQ',
  },
  'POST /api/auth/invitations/:token/accept password': {
    description:
      'The password the person chooses: at least 8 characters and not easy to guess (common and breached-style passwords are refused with the reason).',
    example: 'ladder orbit velvet 42',
  },
  'POST /api/auth/invitations/:token/accept username': {
    description: 'The sign-in name the person chooses: letters, digits and . _ @ -.',
    example: 'dana.q',
  },
  'auth.currentPassword': {
    description: 'The password the account has now.',
    example: 'ladder orbit velvet 42',
  },
  'POST /api/auth/password password': {
    description: 'The new password (the same rules as at an invitation).',
    example: 'quartz meadow lantern 7',
  },
  'POST /api/auth/password-reset/:token password': {
    description: 'The new password (the same rules as at an invitation).',
    example: 'ladder orbit velvet 42',
  },
  'DELETE /api/auth/passkeys/:id id': { description: 'The passkey’s id.', example: '3' },
  'DELETE /api/auth/sessions/:id id': {
    description: 'The session’s id, from GET /api/auth/sessions.',
    example: '41',
  },
  'users.email': {
    description:
      'Where invitations, password resets and new sign-in notices go; unique. Blank removes it.',
    example: 'dana@cincybattery.com',
  },

  // The customer's private link.
  'track.token': {
    description: "The visit's private link token, from the confirmation page's address.",
    example: 'k3P9xV2mQw7Z4bN8cL1dFhq2Rt6Yv0Us9J',
  },
  'track.reason': {
    description: 'Why the customer cancels; optional.',
    example: 'Car started after all',
  },
  'bookings.token': {
    description: "The visit's private link token, from the confirmation page's address.",
    example: 'k3P9xV2mQw7Z4bN8cL1dFhq2Rt6Yv0Us9J',
  },
  'bookings.reference': { description: 'The booking reference, as CB-XXXXX.', example: 'CB-T5TAQ' },
  'bookings.phone': {
    description: 'The phone number the booking was made with.',
    example: '(513) 555-0199',
  },

  // Messages and reports.
  'messages.date': DATE('The day the messages were created'),
  'messages.state': { description: 'Only messages in this state.', example: 'queued' },
  'reports.from': {
    ...DATE('The first day of the report'),
    description: `The first day of the report, YYYY-MM-DD in Cincinnati time (at most ${REPORT_MAX_DAYS} days before to).`,
    example: '2026-11-01',
  },
  'reports.to': {
    description: 'The last day of the report, YYYY-MM-DD in Cincinnati time, on or after from.',
    example: '2026-11-28',
  },

  // The audit log.
  'audit.entity': {
    description: 'Whose history: an appointment, customer, item or user.',
    example: 'appointment',
  },
  'invoices.status': {
    description:
      'Only invoices in this state: open, partially_paid, paid, refunded or void. Absent: every state.',
    example: 'open',
  },
  'invoices.from': DATE('Only invoices issued on or after this day'),
  'invoices.to': DATE('Only invoices issued on or before this day'),
  'invoices.method': {
    description:
      'How the customer paid at the door: cash or check (a card pays through the payment link).',
    example: 'cash',
  },
  'invoices.amountCents': {
    description:
      'The amount, in cents (16500 is $165.00): a whole number from 1 to 1,000,000. A payment is never more than the invoice still owes, a refund never more than is left of its payment.',
    example: 16500,
  },
  'invoices.checkNumber': {
    description: "The check's number (up to 20 characters): required for a check, absent for cash.",
    example: null,
  },
  'invoices.occurredAt': {
    description:
      "When the money was taken, as the phone recorded it (ISO 8601 with its offset), for a payment sent later from the phone's outbox; absent, now. A time ahead of the server's clock is read as now, one before the invoice as the invoice's time.",
    example: '2026-11-28T14:05:00Z',
  },
  'invoices.paymentId': {
    description: "The payment to refund: one of the invoice's payments (not a refund).",
    example: 31,
  },
  'invoices.reason': {
    description: "Why the money is given back (up to 500 characters), kept on the job's history.",
    example: 'Arrived two hours late',
  },
  'vin.vin': {
    description:
      'The vehicle identification number as typed (spaces, dashes and lower case are read as the 17 characters): refused unless its 9th character is its check digit (49 CFR 565.15).',
    example: '1HGCM82633A004352',
  },
  'fitment.year': {
    description: "The vehicle's model year (1980 to 2030).",
    example: 2019,
  },
  'fitment.make': {
    description:
      "The vehicle's make as the booking form names it (any case); on the list, only that make's rows.",
    example: 'Toyota',
  },
  'fitment.model': {
    description: "The vehicle's model as the booking form names it (any case).",
    example: 'Camry',
  },
  'fitment.engine': {
    description:
      'The engine, only where the battery differs by engine (up to 40 characters); absent or null, every engine.',
    example: null,
  },
  'fitment.yearFrom': { description: 'The first model year the row covers.', example: 2018 },
  'fitment.yearTo': {
    description: 'The last model year the row covers: not before the first.',
    example: 2024,
  },
  'fitment.groupSize': {
    description: 'The BCI group size of the battery the vehicle takes (up to 10 characters).',
    example: '24F',
  },
  'fitment.enDin': {
    description:
      'The EN/DIN equivalent of the group size, where there is one (up to 20 characters).',
    example: null,
  },
  'fitment.technology': {
    description: 'The battery technology the vehicle needs: flooded, EFB or AGM.',
    example: 'flooded',
  },
  'fitment.minCca': {
    description: 'The minimum cold cranking amps, a whole number from 100 to 1500.',
    example: 550,
  },
  'fitment.startStop': {
    description: 'Whether the vehicle stops its engine at lights (start-stop).',
    example: false,
  },
  'fitment.registration': {
    description: 'Whether the vehicle must be told of its new battery after the swap (coding).',
    example: false,
  },
  'fitment.source': {
    description: 'The public source the row follows (up to 300 characters).',
    example: "Toyota Camry owner's manual (2018-2024), battery specifications",
  },
  'warranty.appointmentId': {
    description: 'The visit whose failing test of the old battery the claim stands on.',
    example: 41,
  },
  'warranty.batterySerialNumber': {
    description:
      'The failing battery: a serial the customer had installed by us (up to 100 characters).',
    example: 'SN-2024-88412',
  },
  'price-list.installationCents': {
    description:
      "Installation, in cents, tax included (4000 is $40.00), added to the battery's own price on every install: 0 to 100,000.",
    example: 4000,
  },
  'price-list.coreChargeCents': {
    description:
      'The core charge, in cents, billed when the customer keeps the old battery: 0 to 100,000.',
    example: 2000,
  },
  'price-list.testOnlyCents': {
    description: 'A visit that only tested the battery, in cents: 0 to 100,000.',
    example: 0,
  },
  'audit.id': { description: "That record's id.", example: 1207 },
  'audit.before': {
    description: 'Only entries older than this entry id: the next page of the history.',
    example: 5120,
  },
};

/** A path id names its resource: `/api/customers/{id}` is the customer's id. */
const ID_OWNERS: Record<string, string> = {
  customers: 'customer',
  appointments: 'appointment',
  inventory: 'inventory item',
  users: 'user',
  messages: 'message',
  invoices: 'invoice',
  fitment: 'fitment row',
  photos: 'photo',
  photoId: 'photo',
  addressId: 'address',
  vehicleId: 'vehicle',
};

/** A route whose body is other resources' bodies together reads their fields' words too. */
const COMPOSED_OF: Record<string, string[]> = {
  // The form's one call: the customer's fields and the appointment's (ADR 0105).
  'POST /api/bookings': ['customers', 'appointments'],
  // A payment for the job's invoice: the invoice's payment fields.
  'POST /api/appointments/:id/payments': ['invoices'],
};

/** The description and example of a field of a route, or undefined if unwritten. */
export function fieldDoc(
  route: { method: string; path: string },
  name: string,
): FieldDoc | undefined {
  const tag = route.path.split('/')[2];
  const tags = [tag, ...(COMPOSED_OF[`${route.method} ${route.path}`] ?? [])];
  const own =
    FIELDS[`${route.method} ${route.path} ${name}`] ??
    tags.map((t) => FIELDS[`${t}.${name}`]).find(Boolean) ??
    FIELDS[name];
  if (own) return own;
  const owner = name === 'id' ? ID_OWNERS[tag] : ID_OWNERS[name];
  return owner ? { description: `The ${owner}'s id.`, example: '12' } : undefined;
}
