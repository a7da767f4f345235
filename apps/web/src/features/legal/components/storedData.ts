/**
 * What the server stores about a player, why and for how long: the privacy policy's list. The
 * periods are the server's retention task's (apps/server/src/modules/retention) and its settings'
 * defaults (SESSION_TTL_DAYS, SIGN_IN_SIGNAL_DAYS, POSTBACK_LOG_DAYS); change both together.
 */
export interface StoredData {
  what: string;
  details: string;
  why: string;
  kept: string;
}

export const STORED_DATA: StoredData[] = [
  {
    what: 'Your account',
    details:
      'your Roblox username, display name and Roblox user id, when you joined, your balance and earnings, how many offers you completed, who referred you and your referral counts, whether your account is verified and whether it is protected.',
    why: 'to run your account and show it to you.',
    kept: 'for as long as your account exists. Deleting your account erases your username and Roblox id.',
  },
  {
    what: 'Rewards history and withdrawals',
    details:
      'every credit and debit of your balance and its reason (offers, surveys, referrals, daily and social rewards, promo codes, giveaways), and each withdrawal: its amount, the gamepass or group payout, the Roblox account paid and its state.',
    why: 'to pay you, to keep accounting records and to prevent fraud.',
    kept: 'for as long as accounting and tax rules require, also after you delete your account; then without your username or Roblox id.',
  },
  {
    what: 'Giveaway entries, promo code redemptions, reward claims and referrals',
    details:
      'which giveaways you entered, which codes you redeemed, your daily and social reward claims and the friends you referred.',
    why: 'to give each reward once and to pay referral commission.',
    kept: 'for as long as your account exists.',
  },
  {
    what: 'Sessions',
    details:
      'when each sign-in happened, how it was made (your name, a bio sentence or Sign in with Roblox) and your browser type. The session token itself is stored only as a hash.',
    why: 'to keep you signed in and to let you see and sign out your sessions.',
    kept: 'until the session expires (30 days after you sign in) or you sign out, plus 7 days.',
  },
  {
    what: 'Sign-in address and device id',
    details:
      'keyed hashes of the network address you sign in from and of a random device id kept in a cookie of your browser. We never store the address or the device id itself.',
    why: 'to detect multiple accounts and referral abuse.',
    kept: '180 days after your last sign-in with that address or device.',
  },
  {
    what: 'Offer and survey reports (postback records)',
    details:
      'each report an offer or survey partner sends us: its parameters (which may include your user id or username), the partner’s address and what we did with it.',
    why: 'to credit your rewards and to detect forged reports.',
    kept: '90 days, unless the report credited or reversed a reward or is on hold: then it is kept with your rewards history.',
  },
  {
    what: 'Verification sentences',
    details:
      'the sentence each session asks you to put in your Roblox profile description. We read your public profile only when you press Verify and keep the result (the verified mark), not the description. One-use sign-in sentences of protected accounts and Sign in with Roblox attempts are kept only until they are used or expire.',
    why: 'to prove that you own the Roblox account.',
    kept: 'a session’s sentence as long as the session; one-use sentences and sign-in attempts one day after they were used or expired.',
  },
  {
    what: 'Staff audit log',
    details:
      'each action our staff take on your account (a ban, a balance adjustment, a withdrawal decision, a deletion you asked for) and who took it.',
    why: 'to hold staff accountable and to meet our fraud and accounting duties.',
    kept: 'as long as the rewards history it concerns.',
  },
  {
    what: 'Server logs',
    details: 'each request’s address, path and result. Passwords, tokens and signatures are never logged.',
    why: 'to keep the Service secure and to find faults.',
    kept: 'a short period only.',
  },
];
