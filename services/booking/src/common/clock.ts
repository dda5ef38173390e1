/** "Now", injectable so the business rules can be tested at any hour of any day. */
export abstract class Clock {
  abstract now(): Date;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock that shows one instant until told otherwise (tests, BOOKING_FIXED_NOW). */
export class FixedClock extends Clock {
  constructor(private instant: Date) {
    super();
  }

  now(): Date {
    return new Date(this.instant);
  }

  set(instant: Date): void {
    this.instant = new Date(instant);
  }
}
