/** Display texts of the relief valve screens, shared with the e2e tests. */
export const RELIEF_TEXTS = {
  dueListTitle: 'Relief valves due',
  newRecord: 'New test record',
  saveDraft: 'Save draft',
  submit: 'Submit record',
  certificate: 'Certificate (PDF)',
  tagSheet: 'Tag sheet (PDF)',
  recorded: (tag: string) => `Test record saved for ${tag}`,
  failed: 'The test record was not saved',
  checkFields: 'Check the marked fields.',
  overdue: 'Overdue',
};
