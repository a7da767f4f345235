import { useAdminCreate, useAdminQuery } from './admin-query';
import { adminKeys, invalidate } from './client';

/**
 * A console list at `path`, cached under `key`: `useList()` reads it, `useCreate()` POSTs a new row
 * to it, and `refresh()` marks the list and the audit log (which records every change) stale once a
 * change went through.
 */
export function adminList<List, Body, Row>(key: readonly unknown[], path: string) {
  const refresh = () => invalidate(key, adminKeys.audit);
  return {
    refresh,
    useList: () => useAdminQuery<List>(key, path),
    useCreate: () => useAdminCreate<Body, Row>(path, refresh),
  };
}
