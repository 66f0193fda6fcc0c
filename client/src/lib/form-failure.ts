import type { ApiIssue } from '@/lib/api-error';

/** What a form says at its top: a title, and what no field of it can show. */
export type FormProblem = { title: string; detail?: string };

/** A form's messages per field, keyed by the field's contract path ('title', 'asFound.opening'). */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The field of the form that shows an issue at `path`: the field of that path; else the nearest field above it
 * (an issue on 'documentation.0' shows at 'documentation'); else the first field below it (a rule on the whole
 * 'target' shows at 'target.valveTags'). `fields` are the form's field paths in the order they are drawn.
 */
export function fieldFor(path: string, fields: readonly string[]): string | undefined {
  if (!path) return undefined;
  if (fields.includes(path)) return path;
  const above = fields.filter((field) => path.startsWith(`${field}.`)).sort((a, b) => b.length - a.length)[0];
  return above ?? fields.find((field) => field.startsWith(`${path}.`));
}

/**
 * Issues, the contract's before sending or the server's 400 after (both `{ path, message }`), split the way a form
 * shows them: each beside the field that shows it (the first message per field wins), the rest for the alert.
 */
export function placeIssues(issues: ApiIssue[], fields: readonly string[]): { errors: FieldErrors; rest: ApiIssue[] } {
  const errors: Record<string, string> = {};
  const rest: ApiIssue[] = [];
  for (const issue of issues) {
    const field = fieldFor(issue.path, fields);
    if (field === undefined) rest.push(issue);
    else errors[field] ??= issue.message;
  }
  return { errors, rest };
}

/** The issues no field shows, as one line for the form's alert ('token is not a valid invitation'). */
export function issuesText(issues: ApiIssue[]): string {
  return issues.map((issue) => `${issue.path} ${issue.message}`.trim()).join('; ');
}

/**
 * What a form says at its top after issues are placed: with fields marked, `checkTitle` if the form has one
 * ('Check the marked fields.'), else nothing unless some issue has no field; with none marked, `title` and what
 * no field could show.
 */
export function problemOf(
  placed: { errors: FieldErrors; rest: ApiIssue[] },
  { title, checkTitle }: { title: string; checkTitle?: string },
): FormProblem | null {
  const detail = issuesText(placed.rest);
  const marked = Object.keys(placed.errors).length > 0;
  if (marked && checkTitle) return { title: checkTitle, detail };
  return detail ? { title, detail } : null;
}
