/** Display texts of the work order write screens (tests import them; the spec's own texts are in common/texts.ts). */
export const WORK_ORDER_WRITE_TEXTS = {
  newTitle: 'New Work Order',
  create: 'Create Work Order',
  cancel: 'Cancel',
  created: (workOrderId: string) => `Work order ${workOrderId} created`,
  createFailed: 'Could not create the work order',
  checkFields: 'Check the marked fields.',
  chooseValve: 'Choose the valve the work is on.',
  unassigned: 'Unassigned',
  me: (name: string) => `Me (${name})`,
  assignHint: 'Only supervisors and admins assign work to others.',
  statusTitle: 'Update Status',
  statusNow: 'Now:',
  noSteps: 'No status change is possible from here.',
  statusFailed: 'Could not change the status',
  completeTitle: 'Complete Work Order',
  completeSubmit: 'Complete Work Order',
  signLegend: 'Sign the completion',
  signHint: 'Re-enter your password to sign. Required when the procedure or priority asks for a signature.',
  signOffline: 'Signing needs a connection: complete without the password now, or sign when back online.',
  completeFailed: 'Could not complete the work order',
  approvedBlocker: 'Approved: the record stands and can no longer be reopened.',
  completeOption: 'Complete…',
  completeOptionDescription: 'Record what you found and did, and close the order.',
  noteTitle: 'Add Note',
  noteSubmit: 'Save Note',
  noteSaved: 'Note added',
  noteFailed: 'Could not add the note',
  editButton: 'Edit',
  editTitle: (workOrderId: string) => `Edit ${workOrderId}`,
  editSubmit: 'Save Changes',
  amendButton: 'Amend',
  closedBlocker: 'Closed: the record is read-only. Notes can still be added.',
  signedBlocker: 'This work order is signed: change it with Amend, which keeps the signed version.',
  amendTitle: (workOrderId: string) => `Amend ${workOrderId} (signed)`,
  amendSubmit: 'Sign and Save',
  saved: (workOrderId: string) => `Work order ${workOrderId} saved`,
  saveFailed: 'Could not save the work order',
  nothingChanged: 'Nothing to save: no field was changed.',
  cancelButton: 'Cancel Order',
  cancelTitle: 'Cancel Work Order',
  cancelSubmit: 'Cancel Work Order',
  keepOrder: 'Keep It',
  cancelled: (workOrderId: string) => `Work order ${workOrderId} cancelled`,
  cancelFailed: 'Could not cancel the work order',
} as const;

/** What each maintenance type means, for the Complete form's choice. */
export const MAINTENANCE_TYPE_LABELS = {
  corrective: 'Corrective (repair)',
  preventive: 'Preventive (scheduled service)',
  inspection: 'Inspection',
  calibration: 'Calibration',
} as const;

/** 'high' → 'High'. */
export const priorityLabel = (priority: string) => priority.charAt(0).toUpperCase() + priority.slice(1);

/** Approving and closing a completed work order (issue 21). */
export const REVIEW_TEXTS = {
  hint: 'Re-enter your password to sign. Required when the procedure or your organization asks for a signature.',
  offline: 'Signing needs a connection: try again when back online.',
  approve: {
    button: 'Approve',
    title: 'Approve Work Order',
    verb: 'Approve',
    legend: 'Sign the approval',
    submit: 'Approve',
    busy: 'Approving…',
    done: 'Work order approved',
    failed: 'Could not approve the work order',
  },
  close: {
    button: 'Close',
    title: 'Close Work Order',
    verb: 'Close',
    legend: 'Sign the closing',
    submit: 'Close work order',
    busy: 'Closing…',
    done: 'Work order closed',
    failed: 'Could not close the work order',
  },
} as const;
