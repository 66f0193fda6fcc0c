import { describe, expect, it } from 'vitest';
import { deviceInWords, fieldLabel, tableLabel, valueInWords } from './words';

const context = { names: new Map([[7, 'Maria Santos']]), timeZone: 'America/Chicago' };

describe('a history in words', () => {
  it('names tables as records and columns as labels', () => {
    expect(tableLabel('work_orders')).toBe('Work order');
    expect(tableLabel('valve_documents')).toBe('Document');
    expect(tableLabel('procedure_step_results')).toBe('Procedure step');
    expect(fieldLabel('work_orders', 'assigned_to_user_id')).toBe('Assigned to');
    expect(fieldLabel('work_orders', 'due_date')).toBe('Due date');
    expect(fieldLabel('valves', 'valve_id')).toBe('Valve ID');
  });

  it('says values as people do', () => {
    expect(valueInWords('assigned_to_user_id', 7, context)).toBe('Maria Santos');
    expect(valueInWords('assigned_to_user_id', 99, context)).toBe('a former user (#99)');
    expect(valueInWords('completed_at', '2026-11-27T15:50:00+00:00', context)).toBe('2026-11-27 09:50 CST');
    expect(valueInWords('status', 'in_progress', context)).toBe('in progress');
    expect(valueInWords('active', false, context)).toBe('No');
    expect(valueInWords('notes', '', context)).toBe('(none)');
    expect(valueInWords('next_maintenance', '2026-12-01', context)).toBe('2026-12-01');
  });

  it('names the device by browser and system, or as it names itself', () => {
    expect(
      deviceInWords(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 on iOS 17.5 (phone)');
    expect(
      deviceInWords(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 on Windows 10 (computer)');
    expect(deviceInWords('valveops-historian-bridge/2.1')).toBe('valveops-historian-bridge/2.1');
    expect(deviceInWords(null)).toBeNull();
  });
});
