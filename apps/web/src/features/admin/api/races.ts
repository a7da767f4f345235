import type {
  AdminRace,
  AdminRaceStandingsResponse,
  AdminRacesResponse,
  CreateRaceRequest,
  UpdateRaceRequest,
} from '@rewards/contracts';
import { adminList } from './admin-list';
import { useAdminMutation, useAdminQuery } from './admin-query';
import { adminFetch, adminKeys } from './client';

/** Under the console's keys (`adminKeys.all`), so signing out forgets them with the rest. */
const raceKeys = {
  list: [...adminKeys.all, 'races'] as const,
  standings: (id: number) => [...adminKeys.all, 'races', id, 'standings'] as const,
};

const races = adminList<AdminRacesResponse, CreateRaceRequest, AdminRace>(raceKeys.list, '/api/admin/races');

export const useRaces = races.useList;
export const useCreateRace = races.useCreate;

/** One race's live standings and, once decided, its results (loaded when the admin opens them). */
export function useRaceStandings(id: number) {
  return useAdminQuery<AdminRaceStandingsResponse>(
    raceKeys.standings(id),
    `/api/admin/races/${id}/standings`,
    {
      staleTime: 0,
    },
  );
}

export function useUpdateRace() {
  return useAdminMutation(
    ({ id, body }: { id: number; body: UpdateRaceRequest }) =>
      adminFetch<AdminRace>(`/api/admin/races/${id}`, { method: 'PATCH', body }),
    races.refresh,
  );
}

export function useEndRace() {
  return useAdminMutation(
    (id: number) => adminFetch<AdminRace>(`/api/admin/races/${id}/end`, { method: 'POST' }),
    races.refresh,
  );
}
