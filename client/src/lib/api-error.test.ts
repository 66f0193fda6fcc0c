import { describe, expect, it } from 'vitest';
import { isStaleVersion, readApiError } from './api-error';
import { HttpError, httpErrorMessage } from './http';

const httpError = (status: number, body: string, statusText = '') =>
  new HttpError(status, httpErrorMessage(status, body, statusText));

describe('readApiError', () => {
  it("reads the server's message and field issues from a 400", () => {
    const sent = {
      message: 'Invalid body: location must be at most 200 characters',
      issues: [{ path: 'location', message: 'must be at most 200 characters' }],
    };
    expect(readApiError(httpError(400, JSON.stringify(sent)))).toEqual({
      status: 400,
      message: 'Invalid body: location must be at most 200 characters',
      issues: [{ path: 'location', message: 'must be at most 200 characters' }],
      body: sent,
    });
  });

  it('keeps the newer record of a stale-version 409, and knows it from a refused step', () => {
    const stale = readApiError(
      httpError(409, JSON.stringify({ message: 'changed by someone else', current: { version: 3 } })),
    );
    expect(stale.current).toEqual({ version: 3 });
    expect(isStaleVersion(stale)).toBe(true);
    const refused = readApiError(
      httpError(409, JSON.stringify({ message: 'Start the work order before completing it.' })),
    );
    expect(refused).toEqual({
      status: 409,
      message: 'Start the work order before completing it.',
      issues: [],
      body: { message: 'Start the work order before completing it.' },
    });
    expect(isStaleVersion(refused)).toBe(false);
  });

  it('splits at the first ": " only, so a message with colons stays whole', () => {
    const body = JSON.stringify({ message: 'Valve V-001-BV: has 2 open work orders' });
    expect(readApiError(httpError(409, body)).message).toBe('Valve V-001-BV: has 2 open work orders');
  });

  it('shows a non-JSON body as text, and the status when there is no body', () => {
    expect(readApiError(httpError(502, '<html>Bad gateway</html>')).message).toBe('<html>Bad gateway</html>');
    expect(readApiError(httpError(503, '', 'Service Unavailable')).message).toBe('Service Unavailable');
    expect(readApiError(new HttpError(500, 'odd')).message).toBe('Request failed (500)');
  });

  it('drops malformed issues', () => {
    const body = JSON.stringify({
      message: 'bad',
      issues: [{ path: 'title' }, 'x', { path: 'title', message: 'is required' }],
    });
    expect(readApiError(httpError(400, body)).issues).toEqual([{ path: 'title', message: 'is required' }]);
  });

  it('says the server could not be reached for anything that is not an HttpError', () => {
    expect(readApiError(new TypeError('Failed to fetch'))).toEqual({
      status: null,
      message: 'Could not reach the server. Check the connection and try again.',
      issues: [],
    });
  });
});
