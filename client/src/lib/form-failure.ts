import { fieldErrors, readApiError, unplacedIssues } from '@/lib/api-error';

export type FormFailure = {
  /** For the alert at the form's top: what no field can show. Null when the fields say it all. */
  alert: string | null;
  /** Per field name, a sentence naming the field: 'Password must be at least 8 characters'. */
  fields: Record<string, string>;
};

/**
 * A failed form submission, split the way the form shows it: the server's 400 issues beside the fields they
 * name (labelled with the field's own label), everything else (wrong password, too many attempts, no network,
 * an email already taken) in the alert.
 */
export function formFailure(error: unknown, labels: Record<string, string>): FormFailure {
  const failure = readApiError(error);
  const names = Object.keys(labels);
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(fieldErrors(failure.issues))) {
    if (labels[name]) fields[name] = `${labels[name]} ${message}`;
  }
  if (failure.issues.length === 0) return { alert: failure.message, fields };
  const rest = unplacedIssues(failure.issues, names);
  return {
    alert: rest.length
      ? rest.map((issue) => (issue.path ? `${issue.path} ${issue.message}` : issue.message)).join('; ')
      : null,
    fields,
  };
}

/** The form's own checks before anything is sent: every listed field must have something in it. */
export function missingFields(values: Record<string, string>, labels: Record<string, string>): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const [name, label] of Object.entries(labels)) {
    if (!values[name]?.trim()) missing[name] = `${label} is required`;
  }
  return missing;
}
