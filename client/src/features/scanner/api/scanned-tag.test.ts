import { describe, expect, it } from 'vitest';
import { requestTokenOf } from './scanned-tag';

describe('requestTokenOf', () => {
  it("reads the token of a valve's request page, on any host", () => {
    expect(requestTokenOf('https://valveops.example.com/r/3q2-Xb7Kp9_LmNw')).toBe('3q2-Xb7Kp9_LmNw');
    expect(requestTokenOf(' http://10.0.0.5:5000/r/abc/ ')).toBe('abc');
  });

  it('leaves a valve ID and other addresses alone', () => {
    expect(requestTokenOf('V-002-GV')).toBeNull();
    expect(requestTokenOf('https://valveops.example.com/r/status/abc')).toBeNull();
    expect(requestTokenOf('https://valveops.example.com/valves/2')).toBeNull();
  });
});
