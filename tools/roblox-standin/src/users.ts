import type { FastifyInstance } from 'fastify';
import { solidPng } from './png.ts';
import { CREATED, findByName, robloxErrors, toId, type StandinState } from './state.ts';

function colourFor(id: number): [number, number, number] {
  return [((id * 67) % 200) + 40, ((id * 131) % 200) + 40, ((id * 199) % 200) + 40];
}

/** users.roblox.com (look-up by name, profile) and thumbnails.roblox.com (avatar headshots). */
export function registerUserRoutes(app: FastifyInstance, state: StandinState): void {
  app.post<{ Body: { usernames?: unknown; excludeBannedUsers?: boolean } }>(
    '/v1/usernames/users',
    async (req) => {
      const requested = Array.isArray(req.body?.usernames) ? req.body.usernames : [];
      const data = [];
      for (const requestedUsername of requested) {
        if (typeof requestedUsername !== 'string') continue;
        const user = findByName(state, requestedUsername);
        if (!user || (user.isBanned && req.body.excludeBannedUsers)) continue;
        data.push({
          requestedUsername,
          hasVerifiedBadge: false,
          id: user.id,
          name: user.name,
          displayName: user.displayName,
        });
      }
      return { data };
    },
  );

  app.get<{ Params: { id: string } }>('/v1/users/:id', async (req, reply) => {
    const id = toId(req.params.id);
    const user = id === null ? undefined : state.users.get(id);
    if (!user) return reply.code(404).send(robloxErrors(3, 'The user id is invalid.'));
    return {
      description: user.description,
      created: user.created ?? CREATED,
      isBanned: user.isBanned ?? false,
      externalAppDisplayName: null,
      hasVerifiedBadge: false,
      id: user.id,
      name: user.name,
      displayName: user.displayName,
    };
  });

  app.get<{ Querystring: { userIds?: string } }>('/v1/users/avatar-headshot', async (req) => {
    const base = `${req.protocol}://${req.host}`;
    const ids = (req.query.userIds ?? '').split(',').map((s) => toId(s.trim()));
    const data = ids
      .filter((id): id is number => id !== null)
      .map((targetId) => {
        const user = state.users.get(targetId);
        if (!user) return { targetId, state: 'Error', imageUrl: null, version: 'TN3' };
        if (user.isBanned) return { targetId, state: 'Blocked', imageUrl: null, version: 'TN3' };
        return { targetId, state: 'Completed', imageUrl: `${base}/avatar/${targetId}.png`, version: 'TN3' };
      });
    return { data };
  });

  app.get<{ Params: { file: string } }>('/avatar/:file', async (req, reply) => {
    const id = /^(\d{1,15})\.png$/.exec(req.params.file)?.[1];
    if (!id) return reply.code(404).send(robloxErrors(0, 'Not found'));
    return reply
      .type('image/png')
      .header('cache-control', 'public, max-age=600')
      .send(solidPng(48, 48, colourFor(Number(id))));
  });
}
