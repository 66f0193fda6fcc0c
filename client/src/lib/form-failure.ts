import { type ApiIssue, fieldErrors, readApiError, unplacedIssues } from '@/lib/api-error';

export type FormFailure = {
  /** For the alert at the form's top: what no field can show. Null when the fields say it all. */
  alert: string | null;
  /** Per field name, a sentence naming the field: 'Password must be at least 8 characters'. */
  fields: Record<string, string>;
};

/** Nothing refused. */
export const NO_FAILURE: FormFailure = { alert: null, fields: {} };

/**
 * Issues, the contract's before sending or the server's 400 after, split the way the form shows them: beside the
 * fields they name (labelled with the field's own label), the rest in the alert.
 */
export function placeIssues(issues: ApiIssue[], labels: Record<string, string>): FormFailure {
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(fieldErrors(issues))) {
    if (labels[name]) fields[name] = `${labels[name]} ${message}`;
  }
  const rest = unplacedIssues(issues, Object.keys(labels));
  return {
    alert: rest.length
      ? rest.map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message)).join('; ')
      : null,
    fields,
  };
}

/**
 * A failed form submission: the server's 400 issues placed as above; anything else (wrong password, too many
 * attempts, no network, an email already taken) in the alert.
 */
export function formFailure(error: unknown, labels: Record<string, string>): FormFailure {
  const failure = readApiError(error);
  if (failure.issues.length === 0) return { alert: failure.message, fields: {} };
  return placeIssues(failure.issues, labels);
}
