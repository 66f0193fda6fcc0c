/** Display texts of recording maintenance (tests import them). */
export const MAINTENANCE_TEXTS = {
  inspectionTitle: 'Record Inspection',
  inspectionSubmit: 'Save Inspection',
  recorded: (valveId: string) => `Inspection of ${valveId} recorded`,
  failed: 'Could not record the inspection',
  cancel: 'Cancel',
  checkFields: 'Check the marked fields.',
} as const;
