import { inTransaction } from '../../db/transaction.ts';
import type { Deps } from '../../deps.ts';
import { siteDay } from '../../shared/clock.ts';
import * as repo from './repository.ts';
import { FIGURE_NAMES, type Figures, type RollupRow } from './repository.ts';

/**
 * The money figures by site day, read from the rollup (migration 0030) rather than the ledger: a
 * period costs a few rows per day and kind whatever the ledger's size
 * (docs/decisions/0033-operator-economics.md).
 *
 * Entries and postbacks are counted by UTC quarter hour as they are written (no SQL common to both
 * engines knows the site's time zone); quarter hours older than `SETTLED_MS` are moved to their site
 * day here, in one transaction that takes them out and adds them in. A write that lands in an old
 * quarter hour afterwards (a clock set back) only makes a new quarter-hour row, moved the next time:
 * nothing is lost or counted twice.
 */
const SETTLED_MS = 2 * 60 * 60 * 1000;

export interface DayRow extends RollupRow {
  day: string;
}

const keyOf = (r: DayRow) => `${r.day}|${r.source}|${r.name}`;

function addInto(into: Map<string, DayRow>, row: DayRow): void {
  const had = into.get(keyOf(row));
  if (!had) {
    into.set(keyOf(row), { ...row });
    return;
  }
  for (const f of FIGURE_NAMES) had[f] += row[f];
}

const startOf = (r: { hour: string; quarter: number }) =>
  new Date(`${r.hour}:${String(r.quarter * 15).padStart(2, '0')}:00.000Z`);

/** A process's move of settled quarter hours, by database: views that ask meanwhile wait for it. */
const settling = new WeakMap<object, Promise<void>>();

/** Moves the settled quarter hours into their site days (once at a time per process and database). */
export function settleQuarters(deps: Deps): Promise<void> {
  let running = settling.get(deps.db);
  if (!running) {
    running = settle(deps).finally(() => settling.delete(deps.db));
    settling.set(deps.db, running);
  }
  return running;
}

async function settle(deps: Deps): Promise<void> {
  const before = new Date(deps.clock.now().getTime() - SETTLED_MS).toISOString().slice(0, 13);
  if (!(await repo.hasQuartersBefore(deps.db, before))) return;
  await inTransaction(deps.db, async (trx) => {
    const byDay = new Map<string, DayRow>();
    for (const { hour, quarter, ...row } of await repo.takeQuartersBefore(trx, before)) {
      addInto(byDay, { ...row, day: siteDay(startOf({ hour, quarter }), deps.env.SITE_TIME_ZONE) });
    }
    for (const { day, ...row } of byDay.values()) await repo.addToDay(trx, day, row);
    await repo.markDaysChanged(trx);
  });
}

/**
 * Day rows already read, by database, for the `economics_days` version they were read at: a view
 * reads the version (one row) and the days again only when it moved: handing 30 days' rows (about
 * 540) to JavaScript would otherwise be most of a view's cost. A period's read is kept as it starts,
 * so the views that arrive while it runs (a console left open by several staff, a burst after the
 * days moved) share it instead of each reading the same rows.
 */
const readByDb = new WeakMap<object, { version: number; periods: Map<string, Promise<readonly DayRow[]>> }>();
/** Periods kept per database (the console asks for a few: today, 7 and 30 days, a month). */
const KEPT_PERIODS = 8;

async function daysOf(deps: Deps, from: string, to: string): Promise<readonly DayRow[]> {
  const version = await repo.daysVersion(deps.db);
  let kept = readByDb.get(deps.db);
  // A view that read an older version than another view already keeps is answered without keeping.
  if (kept && kept.version > version) return repo.readDays(deps.db, from, to);
  if (kept?.version !== version) {
    kept = { version, periods: new Map() };
    readByDb.set(deps.db, kept);
  }
  const key = `${from}|${to}`;
  let rows = kept.periods.get(key);
  if (!rows) {
    const periods = kept.periods;
    const read = repo.readDays(deps.db, from, to);
    // A failed read is not kept: the next view reads again.
    read.catch(() => periods.get(key) === read && periods.delete(key));
    if (periods.size >= KEPT_PERIODS) periods.delete(periods.keys().next().value!);
    periods.set(key, (rows = read));
  }
  return rows;
}

/**
 * Every figure of site days `from` to `to` (both included): the days' rows as read (shared between
 * views, not to be changed), then the quarter hours not yet moved that fall in the period. A day,
 * source and name can have several rows: whoever reads them adds them up.
 */
export async function figuresByDay(deps: Deps, from: string, to: string): Promise<readonly DayRow[]> {
  await settleQuarters(deps);
  const [days, quarters] = await Promise.all([daysOf(deps, from, to), repo.readQuarters(deps.db)]);
  const recent: DayRow[] = [];
  for (const { hour, quarter, ...row } of quarters) {
    const day = siteDay(startOf({ hour, quarter }), deps.env.SITE_TIME_ZONE);
    if (day >= from && day <= to) recent.push({ ...row, day });
  }
  return recent.length === 0 ? days : [...days, ...recent];
}

export const zeroFigures = (): Figures => Object.fromEntries(FIGURE_NAMES.map((f) => [f, 0])) as Figures;
