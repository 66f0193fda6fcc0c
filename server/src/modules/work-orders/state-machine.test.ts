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
});
