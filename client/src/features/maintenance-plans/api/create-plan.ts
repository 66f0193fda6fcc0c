import type { Plan, PlanCreateBody } from '@common/schemas/maintenance-plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { refreshWorkData } from '@/lib/refresh-work-data';

/** Online only: a plan is office work, and what it raises at once the server must answer for. */
export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlanCreateBody) => apiSend<Plan>('POST', '/api/maintenance-plans', body),
    onSuccess: () => {
      // The forecast is a query of its own (its key's first segment is its own path), so it is refreshed too.
      void queryClient.invalidateQueries({ queryKey: ['/api/maintenance-plans'] });
      void queryClient.invalidateQueries({ queryKey: ['/api/maintenance-plans/forecast'] });
      void refreshWorkData(queryClient);
    },
  });
}
