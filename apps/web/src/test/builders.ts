import type {
  AdminUserRow,
  GiveawayResponse,
  LevelStatus,
  LoginResponse,
  MeResponse,
  ProfileResponse,
  SessionUser,
  SiteConfigResponse,
} from '@rewards/contracts';

/**
 * The server's answers the component tests stub most, as the contracts type them: a test names only
 * what it is about (`profileOf({ verified: true })`) and the rest is a plain new player.
 */

export const siteConfig = (changes: Partial<SiteConfigResponse> = {}): { body: SiteConfigResponse } => ({
  body: {
    operator: {
      name: 'RBX Test Operations BV',
      address: 'Testlaan 1, 9000 Gent, Belgium',
      email: 'support@rbx.example',
      communityUrl: 'https://chat.rbx.example/invite',
    },
    turnstileSiteKey: null,
    bonusesRequireOffer: false,
    timeZone: 'Europe/Brussels',
    ...changes,
  },
});

/** `POST /api/login` (and the other sign-ins): a session for AliceRBX unless `user` says otherwise. */
export const signedInAs = (user: Partial<SessionUser> = {}, token = 'token-1'): { body: LoginResponse } => ({
  body: {
    success: true,
    token,
    user: {
      username: 'AliceRBX',
      displayName: 'Alice',
      robloxId: 1001,
      referralsMade: 0,
      referralsEarned: 0,
      ...user,
    },
  },
});

/** `GET /api/profile/:name`: AliceRBX, new, unverified, with a verification sentence. */
export const profileOf = (changes: Partial<ProfileResponse> = {}): ProfileResponse => ({
  username: 'AliceRBX',
  robloxId: 1001,
  robux: 0,
  pendingRobux: 0,
  earnings: 0,
  offersCompleted: 0,
  referralsMade: 0,
  referralsEarned: 0,
  joinedAt: '2026-01-01T00:00:00.000Z',
  verificationCode: 'apple banana cherry delta echo',
  verified: false,
  protected: false,
  level: levelStatusOf(),
  ...changes,
});

/** `GET /api/level` (and the profile's `level`): level 1, nothing earned, no reward ahead. */
export const levelStatusOf = (changes: Partial<LevelStatus> = {}): LevelStatus => ({
  level: 1,
  experience: 0,
  levelStart: 0,
  nextLevelAt: 10,
  nextReward: null,
  ...changes,
});

/** A row of the console's users table: CarolPlays (#7), active and verified. */
export const adminUserRowOf = (changes: Partial<AdminUserRow> = {}): AdminUserRow => ({
  _id: 7,
  username: 'CarolPlays',
  robloxId: 1007,
  earnings: 12,
  balance: 5,
  status: 'active',
  verified: true,
  joinedAt: '2026-03-01T10:00:00.000Z',
  ...changes,
});

/** `GET /api/user/:name`: AliceRBX's own account, verified and active, with `robux` earned. */
export const accountOf = (robux: number, changes: Partial<MeResponse> = {}): { body: MeResponse } => ({
  body: {
    username: 'AliceRBX',
    displayName: 'Alice',
    robloxId: 1001,
    robux,
    earnings: robux,
    verified: true,
    status: 'active',
    ...changes,
  },
});

/** `GET /api/giveaway`: "Spring", R$ 50, open for another day, nobody entered, no commitment yet. */
export const giveawayOf = (changes: Partial<GiveawayResponse> = {}): GiveawayResponse => ({
  id: 1,
  title: 'Spring',
  description: '',
  prize: 50,
  endDate: new Date(Date.now() + 24 * 3600_000).toISOString(),
  entries: 0,
  entered: false,
  winner: null,
  ended: false,
  commitment: null,
  draw: null,
  ...changes,
});
