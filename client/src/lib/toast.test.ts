import { TIMINGS } from '@common/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, getToasts, toast } from './toast';

describe('toast store', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps only the newest toast: one visible at a time', () => {
    toast({ title: 'one' });
    toast({ title: 'two' });
    expect(getToasts().map((t) => t.title)).toEqual(['two']);
  });

  it('closes a dismissed toast at once and forgets it after the removal delay', () => {
    vi.useFakeTimers();
    const id = toast({ title: 'bye' });
    dismissToast(id);
    expect(getToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(TIMINGS.toastRemoveDelayMs - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toEqual([]);
  });
});
