import { z } from 'zod';
import { TtlCache } from '../shared/ttl-cache.ts';
import type { AvatarImage } from './gateway.ts';
import { type Answer, type BodyReader, readBytes, unavailable } from './http.ts';

const CACHE_TTL_MS = 10 * 60_000;
// Headshots are a few KB each; fewer of them are kept than names.
const MAX_CACHED_IMAGES = 500;
const MAX_IMAGE_BYTES = 1_000_000;
// "No avatar" (unknown id, pending or blocked headshot) is remembered briefly: a finished one shows up soon.
const MISSING_AVATAR_TTL_MS = 60_000;
const MAX_MISSING_AVATARS = 10_000;

const headshotResponse = z.object({
  data: z.array(z.object({ targetId: z.number(), state: z.string(), imageUrl: z.string().nullish() })),
});

export interface AvatarSource {
  getAvatarUrl(id: number): Promise<string | null>;
  avatarImageWithoutRoblox(id: number): Promise<AvatarImage | null> | undefined;
  getAvatarImage(id: number): Promise<AvatarImage | null>;
}

/** Headshots: their URL from the thumbnails API, and the image itself, cached (misses briefly). */
export function createAvatarSource(
  thumbnailsApi: string,
  get: <T>(url: string, read: BodyReader<T>) => Promise<Answer<T>>,
  getJson: <T>(url: string, schema: z.ZodType<T>) => Promise<T | null>,
): AvatarSource {
  const avatarUrlCache = new TtlCache<number, string>({ ttlMs: CACHE_TTL_MS });
  const avatarImageCache = new TtlCache<number, AvatarImage>({
    ttlMs: CACHE_TTL_MS,
    maxEntries: MAX_CACHED_IMAGES,
  });
  const missingAvatars = new TtlCache<number, true>({
    ttlMs: MISSING_AVATAR_TTL_MS,
    maxEntries: MAX_MISSING_AVATARS,
  });
  const avatarLookups = new Map<number, Promise<AvatarImage | null>>();

  return {
    getAvatarUrl,
    avatarImageWithoutRoblox,
    getAvatarImage(id) {
      const known = avatarImageWithoutRoblox(id);
      if (known) return known;
      const lookup = fetchAvatarImage(id)
        .then((image) => {
          if (image) avatarImageCache.set(id, image);
          else missingAvatars.set(id, true);
          return image;
        })
        .finally(() => avatarLookups.delete(id));
      avatarLookups.set(id, lookup);
      return lookup;
    },
  };

  function avatarImageWithoutRoblox(id: number): Promise<AvatarImage | null> | undefined {
    const cached = avatarImageCache.get(id);
    if (cached) return Promise.resolve(cached);
    if (missingAvatars.get(id)) return Promise.resolve(null);
    return avatarLookups.get(id);
  }

  async function fetchAvatarImage(id: number): Promise<AvatarImage | null> {
    const url = await getAvatarUrl(id);
    if (!url) return null;
    const answer = await get(url, readBytes);
    if (answer.status === 404) return null;
    const contentType = answer.headers.get('content-type') ?? '';
    if (answer.status !== 200 || !contentType.startsWith('image/') || answer.body.length > MAX_IMAGE_BYTES) {
      throw unavailable(new Error(`unexpected avatar answer ${answer.status} ${contentType} from ${url}`));
    }
    return { contentType, body: answer.body };
  }

  async function getAvatarUrl(id: number): Promise<string | null> {
    const cached = avatarUrlCache.get(id);
    if (cached) return cached;
    const url = `${thumbnailsApi}/v1/users/avatar-headshot?userIds=${id}&size=150x150&format=Png&isCircular=false`;
    const answer = await getJson(url, headshotResponse);
    const entry = answer?.data.find((d) => d.targetId === id);
    // Pending or blocked headshots are not cached so that a finished one shows up soon.
    if (entry?.state !== 'Completed' || !entry.imageUrl) return null;
    avatarUrlCache.set(id, entry.imageUrl);
    return entry.imageUrl;
  }
}
