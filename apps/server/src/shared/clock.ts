/** Every time-dependent rule reads this, so tests can set the time instead of sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move. */
export class ManualClock implements Clock {
  constructor(private current: Date = new Date('2026-01-01T12:00:00Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  set(at: Date | string): void {
    this.current = new Date(at);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * Days begin at midnight in the site's time zone (SITE_TIME_ZONE): `siteDay(at, zone)` is the day an
 * instant falls in, `siteDayStart` and `nextSiteDayStart` the instants days begin. One definition, in
 * the contracts, so the web counts down to the same midnight the server keys claims by.
 */
export {
  isTimeZone,
  nextDay,
  nextSiteDayStart,
  previousDay,
  siteDay,
  siteDayStart,
} from '@rewards/contracts';
