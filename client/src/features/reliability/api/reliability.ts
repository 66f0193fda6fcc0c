import type {
  BadActorQuery,
  ReliabilityGroupQuery,
  ReliabilityGroups,
  ValveFailure,
  ValveReliability,
} from '@common/schemas/reliability';
import { useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** The worst valves of the period, most failures first (then cost, then downtime). */
export const useBadActors = (query: BadActorQuery) =>
  useQuery({ queryKey: ['/api/reliability/bad-actors', query], queryFn: readQueryKey<ValveReliability[]> });

/** The valves rolled up by plant, area, system, type, manufacturer or model. */
export const useReliabilityGroups = (query: ReliabilityGroupQuery) =>
  useQuery({ queryKey: ['/api/reliability/groups', query], queryFn: readQueryKey<ReliabilityGroups> });

/** A valve's failures, newest first. */
export const useValveFailures = (valveId: number) =>
  useQuery({ queryKey: [`/api/valves/${valveId}/failures`], queryFn: readQueryKey<ValveFailure[]> });
