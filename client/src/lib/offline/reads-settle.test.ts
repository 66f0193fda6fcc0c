import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenReadsSettle } from './reads-settle';

const page = (readyState: DocumentReadyState) => {
  const window = new EventTarget();
  vi.stubGlobal('window', window);
  vi.stubGlobal('document', { readyState });
  return window;
};
const tick = (ms = 80) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('whenReadsSettle', () => {
  it('waits for the page to load and for the reads in flight to end, then calls once', async () => {
    const window = page('loading');
    const queryClient = new QueryClient();
    let answer = (_: string) => {};
    void queryClient.fetchQuery({ queryKey: ['session'], queryFn: () => new Promise<string>((r) => (answer = r)) });
    const then = vi.fn();
    whenReadsSettle(queryClient, then);

    await tick();
    expect(then).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await tick();
    expect(then).not.toHaveBeenCalled();

    answer('signed in');
    await tick();
    expect(then).toHaveBeenCalledTimes(1);
    await queryClient.fetchQuery({ queryKey: ['later'], queryFn: async () => 1 });
    await tick();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('calls at once (after an idle moment) on a loaded page with nothing in flight, and not after stop', async () => {
    page('complete');
    const then = vi.fn();
    whenReadsSettle(new QueryClient(), then);
    await tick();
    expect(then).toHaveBeenCalledTimes(1);

    const stopped = vi.fn();
    whenReadsSettle(new QueryClient(), stopped)();
    await tick();
    expect(stopped).not.toHaveBeenCalled();
  });
});
