import type { Plan, PlanCreateBody, PlanUpdateBody } from '@common/schemas/maintenance-plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '@/lib/http';
import { refreshWorkData } from '@/lib/refresh-work-data';

/** After any plan write: the plans, the forecast (a query of its own path) and the work it may have raised. */
function usePlanRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['/api/maintenance-plans'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/maintenance-plans/forecast'] });
    void refreshWorkData(queryClient);
  };
}

/** Online only: a plan is office work, and what it raises at once the server must answer for. */
export function useCreatePlan() {
  return useMutation({
    mutationFn: (body: PlanCreateBody) => apiSend<Plan>('POST', '/api/maintenance-plans', body),
    onSuccess: usePlanRefresh(),
  });
}

export function useUpdatePlan() {
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: PlanUpdateBody }) =>
      apiSend<Plan>('PATCH', `/api/maintenance-plans/${id}`, body),
    onSuccess: usePlanRefresh(),
  });
}

/** Removes a plan; the work orders it raised stay. */
export function useDeletePlan() {
  return useMutation({
    mutationFn: (id: number) => apiSend<null>('DELETE', `/api/maintenance-plans/${id}`),
    onSuccess: usePlanRefresh(),
  });
}
