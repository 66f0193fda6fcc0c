import type { SessionUser } from '@common/schemas/auth';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { sessionQuery } from './session-query';
import { whileSignedIn } from './while-signed-in';

const user: SessionUser = {
  id: 7,
  name: 'Maria Santos',
  email: 'technician@northfield.example',
  role: 'technician',
  organizationId: 1,
  organizationName: 'Northfield Energy',
  demo: true,
  plants: [],
};

describe('whileSignedIn', () => {
  it('starts nothing for a visitor, starts once a user is known and stops when they are gone', () => {
    const queryClient = new QueryClient();
    const stopRunning = vi.fn();
    const start = vi.fn(() => stopRunning);
    const stop = whileSignedIn(queryClient, start);
    expect(start).not.toHaveBeenCalled();

    queryClient.setQueryData(sessionQuery.queryKey, null);
    queryClient.setQueryData(['/api/valves'], []);
    expect(start).not.toHaveBeenCalled();

    queryClient.setQueryData(sessionQuery.queryKey, user);
    queryClient.setQueryData(sessionQuery.queryKey, { ...user });
    expect(start).toHaveBeenCalledTimes(1);

    queryClient.setQueryData(sessionQuery.queryKey, null);
    expect(stopRunning).toHaveBeenCalledTimes(1);
    queryClient.setQueryData(sessionQuery.queryKey, user);
    expect(start).toHaveBeenCalledTimes(2);

    stop();
    expect(stopRunning).toHaveBeenCalledTimes(2);
    queryClient.setQueryData(sessionQuery.queryKey, null);
    queryClient.setQueryData(sessionQuery.queryKey, user);
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('starts at once on a page whose session is already known', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionQuery.queryKey, user);
    const start = vi.fn(() => () => {});
    whileSignedIn(queryClient, start)();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
