import { signInBody } from '@common/schemas/auth';
import { describe, expect, it } from 'vitest';
import { HttpError } from '@/lib/http';
import { checkAgainst, withoutBlanks } from './contract-check';
import { formFailure, placeIssues } from './form-failure';

const labels = { email: 'Email', password: 'Password' };
const failed = (status: number, body: unknown) => new HttpError(status, `${status}: ${JSON.stringify(body)}`);

describe('formFailure', () => {
  it('puts the server’s issues beside the fields they name, with the field’s label', () => {
    const error = failed(400, {
      message: 'Invalid body: email must be an email address; password must be at least 8 characters',
      issues: [
        { path: 'email', message: 'must be an email address' },
        { path: 'password', message: 'must be at least 8 characters' },
      ],
    });
    expect(formFailure(error, labels)).toEqual({
      alert: null,
      fields: { email: 'Email must be an email address', password: 'Password must be at least 8 characters' },
    });
  });

  it('keeps issues no field shows for the alert', () => {
    const error = failed(400, {
      message: 'Invalid body',
      issues: [{ path: 'token', message: 'is not a valid invitation' }],
    });
    expect(formFailure(error, labels)).toEqual({ alert: 'token is not a valid invitation', fields: {} });
  });

  it('shows the server’s message for refusals without issues', () => {
    expect(formFailure(failed(401, { message: 'Email or password is incorrect.' }), labels).alert).toBe(
      'Email or password is incorrect.',
    );
    expect(formFailure(failed(429, { message: 'Too many attempts. Try again in 42 seconds.' }), labels).alert).toBe(
      'Too many attempts. Try again in 42 seconds.',
    );
    expect(formFailure(new TypeError('Failed to fetch'), labels).alert).toMatch(/Could not reach the server/);
  });
});

describe('placeIssues', () => {
  it("names every empty field with the contract's message, as the server would", () => {
    const issues = (email: string, password: string) =>
      checkAgainst(signInBody, withoutBlanks({ email, password })).issues;
    expect(placeIssues(issues(' ', 'x'), labels)).toEqual({ alert: null, fields: { email: 'Email is required' } });
    expect(placeIssues(issues('a@b.co', 'x'), labels)).toEqual({ alert: null, fields: {} });
    expect(placeIssues(issues('', ''), labels).fields).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });
});
