import { IMPORT_MAX_BYTES } from '@common/schemas/imports';

/** The import screen's words (issue 32), asserted by its Playwright spec. */
export const IMPORT_TEXTS = {
  valvesTitle: 'Import valves',
  intro:
    'Bring your valve register from a spreadsheet. Nothing is written until you apply: first every row is checked and you see what would change.',
  template: 'Download a template (CSV)',
  choose: 'Choose a CSV or Excel file',
  chooseAgain: 'Choose another file',
  hint: `CSV or .xlsx, up to ${IMPORT_MAX_BYTES / 1024 / 1024} MB. The first row names the columns; rows are matched by Valve ID.`,
  checking: 'Checking every row…',
  mappingTitle: 'Columns',
  mappingHint: 'Which field each column fills. Change one and check again.',
  showColumns: (n: number) => `The file's ${n} columns`,
  notImported: "Don't import",
  checkAgain: 'Check again',
  reportTitle: 'What the import would do',
  appliedTitle: 'Imported',
  refusedTitle: 'Rows that will be skipped',
  changesTitle: 'Changes to existing valves',
  createsTitle: 'New valves',
  apply: (n: number) => `Import ${n.toLocaleString('en-US')} valve${n === 1 ? '' : 's'}`,
  nothingToApply: 'Nothing to import: every row is unchanged or refused.',
  sending: 'Sending the file',
  writing: 'Writing the valves…',
  done: 'Open the valves',
  showAll: (n: number) => `Show all ${n.toLocaleString('en-US')}`,
  noPermission: 'Only engineers and admins can import valves.',
} as const;
