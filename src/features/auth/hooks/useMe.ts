import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '#src/features/auth/api/meQueryOptions.ts';

/** The signed-in user (`data` null for a visitor, undefined while loading). */
export function useMe() {
  return useQuery(meQueryOptions());
}
