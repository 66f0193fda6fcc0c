import { describe, expect, it } from 'vitest';
import { transition } from './state-machine';

describe('work order state machine', () => {
  it('allows start, complete, pause and reopen', () => {
    expect(transition('pending', 'in_progress')).toEqual({ ok: true, verb: 'started' });
    expect(transition('in_progress', 'completed')).toEqual({ ok: true, verb: 'completed' });
    expect(transition('in_progress', 'pending')).toEqual({ ok: true, verb: 'paused' });
    expect(transition('completed', 'in_progress')).toEqual({ ok: true, verb: 'reopened' });
  });

  it('refuses skipping the work, going back from completed to pending, and no-op changes, saying why', () => {
    expect(transition('pending', 'completed')).toEqual({
      ok: false,
      message: 'Start the work order before completing it.',
    });
    expect(transition('completed', 'pending')).toEqual({
      ok: false,
      message: 'A completed work order can only be reopened (set it to in progress).',
    });
    expect(transition('pending', 'pending')).toEqual({ ok: false, message: 'The work order is already pending.' });
    expect(transition('completed', 'completed')).toEqual({
      ok: false,
      message: 'The work order is already completed.',
    });
  });

  it('cancels open work only, and nothing leaves cancelled', () => {
    expect(transition('pending', 'cancelled')).toEqual({ ok: true, verb: 'cancelled' });
    expect(transition('in_progress', 'cancelled')).toEqual({ ok: true, verb: 'cancelled' });
    expect(transition('completed', 'cancelled')).toEqual({
      ok: false,
      message: 'A completed work order cannot be cancelled: its maintenance record stands.',
    });
    for (const to of ['pending', 'in_progress', 'completed'] as const) {
      expect(transition('cancelled', to)).toEqual({
        ok: false,
        message: 'The work order was cancelled: raise a new one instead.',
      });
    }
  });
});
