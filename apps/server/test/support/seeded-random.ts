/**
 * A seeded random number generator (mulberry32) for workloads that pick at random: the seed comes
 * from `TEST_SEED` or is drawn, and is printed, so a failing run can be replayed with the same picks.
 */
export function seededRandom(label: string): () => number {
  const seed = Number(process.env.TEST_SEED ?? Math.floor(Math.random() * 2 ** 31));
  console.log(`${label}: seed ${seed} (TEST_SEED=${seed} replays it)`);
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
