import { describe, expect, it } from 'vitest';
import { HttpError, httpErrorMessage } from '@/lib/http';
import { AUTH_TEXTS } from '../texts';
import { organizationsToChoose, signInAlertTitle } from './sign-in';

const httpError = (status: number, body: unknown) =>
  new HttpError(status, httpErrorMessage(status, JSON.stringify(body), ''));

describe('organizationsToChoose', () => {
  it('reads the organizations of a sign-in that opens accounts in several', () => {
    const organizations = [
      { id: 7, name: 'Alpha Valve Services' },
      { id: 3, name: 'Northfield Energy & Chemicals' },
    ];
    expect(organizationsToChoose(httpError(409, { message: 'Choose one.', organizations }))).toEqual(organizations);
  });

  it('is null for any other failure, and drops entries that are not organizations', () => {
    expect(organizationsToChoose(httpError(401, { message: 'Email or password is incorrect.' }))).toBeNull();
    expect(organizationsToChoose(httpError(409, { message: 'Taken.' }))).toBeNull();
    expect(organizationsToChoose(httpError(401, { message: 'x', organizations: [{ id: 1, name: 'A' }] }))).toBeNull();
    expect(organizationsToChoose(new TypeError('Failed to fetch'))).toBeNull();
    expect(
      organizationsToChoose(httpError(409, { message: 'x', organizations: [{ id: '1' }, { id: 2, name: 'B' }] })),
    ).toEqual([{ id: 2, name: 'B' }]);
  });
});

describe('signInAlertTitle (issue 27, item 1)', () => {
  it('names an unconfirmed address and a paused account; anything else could not sign in', () => {
    expect(signInAlertTitle(httpError(403, { message: 'Confirm your email address first: …' }))).toBe(
      AUTH_TEXTS.signIn.unverified,
    );
    expect(signInAlertTitle(httpError(429, { message: 'Try again in 15 minutes.' }))).toBe(AUTH_TEXTS.signIn.paused);
    expect(signInAlertTitle(httpError(401, { message: 'Email or password is incorrect.' }))).toBe(
      AUTH_TEXTS.signIn.failed,
    );
  });
});
