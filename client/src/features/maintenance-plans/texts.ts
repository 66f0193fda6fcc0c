/** The plans screen's texts, shared with e2e/maintenance-plans.spec.ts. */
export const PLAN_TEXTS = {
  title: 'Maintenance plans',
  newPlan: 'New plan',
  save: 'Save plan',
  saved: 'Plan saved',
  saveFailed: 'Could not save the plan',
  checkFields: 'Check the marked fields.',
  forecast: 'Next 12 months',
  noPlans: 'No plans yet. A plan raises its work orders by itself.',
  noForecast: 'Nothing planned in the next 12 months.',
  estimated: 'est.',
  onCondition: 'On condition',
  deleteQuestion: 'Delete this plan? The work orders it raised stay; it raises no more.',
  deleted: 'Plan deleted',
  deleteFailed: 'Could not delete the plan',
  mayNotEdit: 'Supervisors, engineers and admins add plans.',
} as const;
