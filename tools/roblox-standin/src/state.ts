import { randomBytes } from 'node:crypto';

export interface StandinUser {
  id: number;
  name: string;
  displayName: string;
  description: string;
  isBanned?: boolean;
  /** When the account was made (ISO time); seeded and created users default to 2016. */
  created?: string;
}

export interface StandinGamePass {
  id: number;
  productId: number;
  creatorId: number;
  price: number | null;
  isForSale: boolean;
  name: string;
  /** The price offered to the payout account where it differs from the list price; null = none. */
  regionalPrice: number | null;
}

export interface StandinPurchase {
  productId: number;
  gamePassId: number;
  price: number;
  sellerId: number;
  buyerId: number;
  at: string;
}

export type GroupPayoutStatus = 'Eligible' | 'PayoutRestricted';

export interface StandinGroup {
  id: number;
  name: string;
  funds: number;
  members: Map<number, GroupPayoutStatus>;
}

export interface StandinGroupPayout {
  transactionId: number;
  groupId: number;
  recipientId: number;
  amount: number;
  at: string;
}

export type Fault = 'down' | 'slow' | 'ratelimit' | 'error500';

export interface StandinMode {
  mode: 'up' | Fault;
  delayMs: number;
  /** Requests left before the fault ends by itself; null = until changed. */
  remaining: number | null;
  /** Path prefixes the fault applies to; null = every non-control path. */
  paths: string[] | null;
}

export interface StandinState {
  users: Map<number, StandinUser>;
  gamePasses: Map<number, StandinGamePass>;
  /** `${userId}:${gamePassId}` */
  owned: Set<string>;
  purchases: StandinPurchase[];
  /** `cookie` null = any non-empty `.ROBLOSECURITY` is the payout account's. */
  payout: { userId: number; robux: number; cookie: string | null };
  csrfToken: string;
  /** While `on`, authenticated writes answer a challenge instead of doing anything. */
  challenge: { on: boolean; type: string };
  challengesAnswered: number;
  groups: Map<number, StandinGroup>;
  groupPayouts: StandinGroupPayout[];
  mode: StandinMode;
  /** Request count per path (without query), control routes excluded. */
  stats: Record<string, number>;
}

export interface StandinOptions {
  port?: number;
  host?: string;
  seed?: boolean;
  payoutUserId?: number;
  payoutRobux?: number;
  logger?: boolean;
}

export const DEFAULT_SLOW_MS = 10_000;
export const DEFAULT_CHALLENGE_TYPE = 'twostepverification';
export const CREATED = '2016-04-01T12:00:00.000Z';

export const upMode = (): StandinMode => ({
  mode: 'up',
  delayMs: DEFAULT_SLOW_MS,
  remaining: null,
  paths: null,
});

export const robloxErrors = (code: number, message: string) => ({ errors: [{ code, message }] });

export function freshState(opts: StandinOptions): StandinState {
  const payoutUserId = opts.payoutUserId ?? 1;
  const users = new Map<number, StandinUser>();
  if (opts.seed !== false) {
    const seed: Array<[number, string, string]> = [
      [payoutUserId, 'RewardsPayout', 'RewardsPayout'],
      [1001, 'AliceRBX', 'Alice'],
      [1002, 'BobBuilder', 'BobBuilder'],
      [1003, 'CarolPlays', 'CarolPlays'],
      [1004, 'DaveTheBrave', 'DaveTheBrave'],
      [1005, 'XssTester', '<img src=x onerror=alert(1)>'],
    ];
    for (const [id, name, displayName] of seed) users.set(id, { id, name, displayName, description: '' });
  }
  return {
    users,
    gamePasses: new Map(),
    owned: new Set(),
    purchases: [],
    payout: { userId: payoutUserId, robux: opts.payoutRobux ?? 1_000_000, cookie: null },
    csrfToken: randomBytes(12).toString('base64'),
    challenge: { on: false, type: DEFAULT_CHALLENGE_TYPE },
    challengesAnswered: 0,
    groups: new Map(),
    groupPayouts: [],
    mode: upMode(),
    stats: {},
  };
}

export const toId = (raw: string): number | null => (/^\d{1,15}$/.test(raw) ? Number(raw) : null);
export const nextId = (ids: Iterable<number>, floor: number) => Math.max(floor, ...ids) + 1;

export function findByName(state: StandinState, name: string): StandinUser | undefined {
  const wanted = name.toLowerCase();
  return [...state.users.values()].find((u) => u.name.toLowerCase() === wanted);
}
