import { sql, type Expression, type RawBuilder } from 'kysely';

/**
 * Groups rows by the UTC quarter hour of an ISO-8601 text column (`yyyy-mm-ddThh:mm:…Z`), the same
 * statement on both engines. Every time zone in use is a whole number of quarter hours from UTC, so a
 * quarter hour lies within one site day: the caller adds the buckets up by `siteDay(startOf(row))`
 * (shared/clock.ts), and "the day" has one definition, in TypeScript, on both engines.
 */
export function quarterHourOf(column: string | Expression<string>): {
  hour: RawBuilder<string>;
  quarter: RawBuilder<number>;
  startOf: (row: { hour: string; quarter: number | string }) => Date;
} {
  const ref = typeof column === 'string' ? sql.ref(column) : column;
  return {
    hour: sql<string>`substr(${ref}, 1, 13)`,
    quarter: sql<number>`cast(substr(${ref}, 15, 2) as integer) / 15`,
    startOf: (row) => new Date(`${row.hour}:${String(Number(row.quarter) * 15).padStart(2, '0')}:00.000Z`),
  };
}
