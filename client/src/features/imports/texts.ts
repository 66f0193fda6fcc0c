import { IMPORT_MAX_BYTES, type ImportKind } from '@common/schemas/imports';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The import screen's words (issue 32), asserted by its Playwright specs; a kind's own words are below. */
export const IMPORT_TEXTS = {
  template: 'Download a template (CSV)',
  choose: 'Choose a CSV or Excel file',
  chooseAgain: 'Choose another file',
  hint: (key: string) =>
    `CSV or .xlsx, up to ${IMPORT_MAX_BYTES / 1024 / 1024} MB. The first row names the columns; rows are matched by ${key}.`,
  checking: 'Checking every row…',
  mappingTitle: 'Columns',
  mappingHint: 'Which field each column fills. Change one and check again.',
  showColumns: (n: number) => `The file's ${n} columns`,
  notImported: "Don't import",
  checkAgain: 'Check again',
  reportTitle: 'What the import would do',
  appliedTitle: 'Imported',
  refusedTitle: 'Rows that will be skipped',
  skippedTitle: 'Rows skipped',
  nothingToApply: 'Nothing to import: every row is unchanged or refused.',
  sending: 'Sending the file',
  showAll: (n: number) => `Show all ${n.toLocaleString('en-US')}`,
  invitationsTitle: 'Invitation links',
  invitationsReady: (n: number) =>
    `${count(n, 'person is', 'people are')} invited. Send each their link so they can choose a password; the links work for 7 days:`,
  invitationsWarning: 'The links are shown this once. Copy them now (one line each: email, then link).',
  invitationsLabel: 'Email and invitation link, one per line',
  invitationsCopy: {
    copy: 'Copy the links',
    copied: 'Links copied',
    copyFailed: 'Could not copy: select the links and copy them by hand.',
    done: 'Done',
  },
} as const;

/** Each register's own words, and the list it lands in. */
type KindWords = {
  title: string;
  intro: string;
  /** What the rows are matched by, in the file's words. */
  key: string;
  noPermission: string;
  /** Where the imported records are listed. */
  done: { to: string; label: string };
};

export type ImportKindTexts = KindWords & {
  changesTitle: string;
  createsTitle: string;
  apply: (n: number) => string;
  writing: string;
};

/** A kind's words, with those said of its records by their name (one tag, many tags). */
const kind = (one: string, many: string, words: KindWords): ImportKindTexts => ({
  ...words,
  changesTitle: `Changes to existing ${many}`,
  createsTitle: `New ${many}`,
  apply: (n) => `Import ${count(n, one, many)}`,
  writing: `Writing the ${many}…`,
});

export const IMPORT_KIND_TEXTS: Record<ImportKind, ImportKindTexts> = {
  valves: kind('valve', 'valves', {
    title: 'Import valves',
    intro:
      'Bring your valve register from a spreadsheet. Nothing is written until you apply: first every row is checked and you see what would change.',
    key: 'Valve ID',
    noPermission: 'Only engineers and admins can import valves.',
    done: { to: '/valves', label: 'Open the valves' },
  }),
  'relief-tags': kind('tag', 'tags', {
    title: 'Import relief valve tags',
    intro:
      'Bring your relief valve positions (tags) from a spreadsheet. Nothing is written until you apply: first every row is checked and you see what would change.',
    key: 'Tag',
    noPermission: 'Only engineers and admins can import relief valve tags.',
    done: { to: '/relief-valves', label: 'Open the relief valves' },
  }),
  'relief-devices': kind('device', 'devices', {
    title: 'Import relief devices',
    intro:
      'Bring your relief devices (the valves in the shop and on their tags, by serial number) from a spreadsheet. Nothing is written until you apply.',
    key: 'Serial number',
    noPermission: 'Only engineers and admins can import relief devices.',
    done: { to: '/relief-valves/devices', label: 'Open the devices' },
  }),
  plans: kind('plan', 'plans', {
    title: 'Import maintenance plans',
    intro:
      'Bring your preventive maintenance plans from a spreadsheet. Nothing is written until you apply: first every row is checked and you see what would change.',
    key: 'Title',
    noPermission: 'Only supervisors, engineers and admins can import plans.',
    done: { to: '/plans', label: 'Open the plans' },
  }),
  users: kind('user', 'users', {
    title: 'Import users',
    intro:
      'Bring your team from a spreadsheet: new people are added as invited, as Add user does, and known ones updated. Passwords are never imported. Nothing is written until you apply: first every row is checked.',
    key: 'Email',
    noPermission: 'Only admins can import users.',
    done: { to: '/admin/users', label: 'Open the users' },
  }),
};
