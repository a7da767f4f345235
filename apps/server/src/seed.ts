// Development data: the Roblox stand-in's players with some history. Refused in production.
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loadEnv } from './env.ts';
import { postAlone } from './modules/ledger/index.ts';
import { findUserByRobloxId, insertUserOnce, newVerificationSentence } from './modules/users/index.ts';
import { systemClock } from './shared/clock.ts';

const env = loadEnv();
if (env.NODE_ENV === 'production') {
  console.error('Refusing to seed a production database.');
  process.exit(1);
}

const players = [
  { name: 'AliceRBX', displayName: 'Alice', robloxId: 1001, grants: [1250, 5000, 150] },
  { name: 'BobBuilder', displayName: 'Bob', robloxId: 1002, grants: [3000] },
  { name: 'CarolPlays', displayName: 'Carol', robloxId: 1003, grants: [800, 150] },
];

const db = createDatabase(env.DATABASE_URL);
await migrateToLatest(db);
for (const p of players) {
  await insertUserOnce(db, {
    username: p.name,
    displayName: p.displayName,
    robloxId: p.robloxId,
    verificationCode: newVerificationSentence(),
    referredBy: null,
    joinedAt: systemClock.now().toISOString(),
  });
  const user = await findUserByRobloxId(db, p.robloxId);
  if (!user) continue;
  for (const [i, amount] of p.grants.entries()) {
    await postAlone(db, systemClock, {
      userId: user.id,
      amount,
      kind: 'offer',
      key: `seed:${p.name}:${i}`,
      params: { wall: 'Seed' },
    });
  }
}
await db.destroy();
console.log(`Seeded ${players.length} players.`);
