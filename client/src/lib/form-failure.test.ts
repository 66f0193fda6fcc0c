import { signInBody } from '@common/schemas/auth';
import { reliefTestBody } from '@common/schemas/relief-valves';
import { describe, expect, it } from 'vitest';
import { readApiError } from './api-error';
import { checkAgainst, withoutBlanks } from './contract-check';
import { fieldFor, issuesText, placeIssues, problemOf } from './form-failure';
import { HttpError } from './http';

const failed = (status: number, body: unknown) => new HttpError(status, `${status}: ${JSON.stringify(body)}`);

describe('fieldFor', () => {
  const fields = ['title', 'documentation', 'target.valveTags', 'target.plant', 'asLeft', 'asLeft.reseat'];

  it('places an issue at the field of its own path', () => {
    expect(fieldFor('title', fields)).toBe('title');
    expect(fieldFor('target.plant', fields)).toBe('target.plant');
    expect(fieldFor('asLeft.reseat', fields)).toBe('asLeft.reseat');
  });

  it('places an issue inside a field at that field (an item of a list, a part of a pair)', () => {
    expect(fieldFor('documentation.0', fields)).toBe('documentation');
    expect(fieldFor('asLeft.opening', fields)).toBe('asLeft');
  });

  it('places a rule on a whole group at the first field of the group', () => {
    expect(fieldFor('target', fields)).toBe('target.valveTags');
  });

  it('leaves an issue no field shows, or one on the whole body, for the alert', () => {
    expect(fieldFor('token', fields)).toBeUndefined();
    expect(fieldFor('', fields)).toBeUndefined();
    // 'titles' is not inside 'title'.
    expect(fieldFor('titles', fields)).toBeUndefined();
  });
});

describe('placeIssues', () => {
  it("names every empty field with the contract's message, as the server would", () => {
    const issues = (email: string, password: string) =>
      checkAgainst(signInBody, withoutBlanks({ email, password })).issues;
    expect(placeIssues(issues(' ', 'x'), ['email', 'password'])).toEqual({
      errors: { email: 'is required' },
      rest: [],
    });
    expect(placeIssues(issues('a@b.co', 'x'), ['email', 'password'])).toEqual({ errors: {}, rest: [] });
    expect(placeIssues(issues('', ''), ['email', 'password']).errors).toEqual({
      email: 'is required',
      password: 'is required',
    });
  });

  it('places the server’s 400 issues on the same fields as the contract’s', () => {
    const refusal = readApiError(
      failed(400, {
        message: 'Invalid body: email must be an email address; token is not a valid invitation',
        issues: [
          { path: 'email', message: 'must be an email address' },
          { path: 'token', message: 'is not a valid invitation' },
        ],
      }),
    );
    const placed = placeIssues(refusal.issues, ['email', 'password']);
    expect(placed.errors).toEqual({ email: 'must be an email address' });
    expect(issuesText(placed.rest)).toBe('token is not a valid invitation');
  });

  it('keeps the first message of a field', () => {
    const placed = placeIssues(
      [
        { path: 'documentation.0', message: 'first' },
        { path: 'documentation.1', message: 'second' },
      ],
      ['documentation'],
    );
    expect(placed.errors).toEqual({ documentation: 'first' });
  });

  it("places a nested contract's issues at the nested fields (a relief test's as-found opening)", () => {
    const { issues } = checkAgainst(reliefTestBody, { deviceId: 1, asFound: {} });
    const paths = issues.map((issue) => issue.path);
    expect(paths.some((path) => path.startsWith('asFound.'))).toBe(true);
    const placed = placeIssues(issues, ['testedOn', 'asFound.opening', 'asFound.simmer']);
    expect(Object.keys(placed.errors)).toContain('asFound.opening');
  });
});

describe('problemOf', () => {
  const titles = { title: 'Could not save', checkTitle: 'Check the marked fields.' };
  const marked = { errors: { title: 'is required' }, rest: [] };
  const unplaced = { errors: {}, rest: [{ path: 'token', message: 'is not a valid invitation' }] };

  it('asks to check the marked fields when a field is marked, adding what no field shows', () => {
    expect(problemOf(marked, titles)).toEqual({ title: 'Check the marked fields.', detail: '' });
    expect(problemOf({ ...marked, rest: unplaced.rest }, titles)).toEqual({
      title: 'Check the marked fields.',
      detail: 'token is not a valid invitation',
    });
  });

  it('says nothing at the top of a form whose fields say it all (no check title)', () => {
    expect(problemOf(marked, { title: 'Could not sign in' })).toBeNull();
  });

  it('puts what no field shows under the failure title', () => {
    expect(problemOf(unplaced, { title: 'Could not sign in' })).toEqual({
      title: 'Could not sign in',
      detail: 'token is not a valid invitation',
    });
  });
});
