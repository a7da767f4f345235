import type { Selectable } from 'kysely';
import type { WallsTable } from '../../db/tables/offers.ts';

/** An offer wall's row: its scheme, secrets, payout settings and frame. */
export type Wall = Selectable<WallsTable>;
