import { describe, expect, it } from 'vitest';
import {
  activityTone,
  alarmPriorityTone,
  manualStatusTone,
  priorityTone,
  riskBadgeTone,
  riskLevelTone,
  valveStatusStyle,
  workOrderStatusStyle,
} from './status-styles';

describe('status styles of spec §4', () => {
  it('maps valve statuses to label and colour, unknown shown as-is and muted', () => {
    expect(valveStatusStyle('active')).toEqual({ label: 'Active', tone: 'success' });
    expect(valveStatusStyle('maintenance')).toEqual({ label: 'Maintenance', tone: 'warning' });
    expect(valveStatusStyle('overdue')).toEqual({ label: 'Overdue', tone: 'danger' });
    expect(valveStatusStyle('decommissioned').tone).toBe('neutral');
    expect(valveStatusStyle('mothballed')).toEqual({ label: 'mothballed', tone: 'muted' });
  });

  it('shows work order pending as Ready and unknown statuses raw', () => {
    expect(workOrderStatusStyle('in_progress').label).toBe('In Progress');
    expect(workOrderStatusStyle('pending').label).toBe('Ready');
    expect(workOrderStatusStyle('completed').label).toBe('Completed');
    expect(workOrderStatusStyle('overdue').label).toBe('Overdue');
    expect(workOrderStatusStyle('on_hold').label).toBe('on_hold');
  });

  it('styles activities: completions success, photos primary, overdue warning, others success', () => {
    expect(activityTone('work_order_completed')).toBe('success');
    expect(activityTone('maintenance_completed')).toBe('success');
    expect(activityTone('photo_uploaded')).toBe('primary');
    expect(activityTone('maintenance_overdue')).toBe('warning');
    expect(activityTone('anything_else')).toBe('success');
  });

  it('colours the manual dialog badge red for any status but active and maintenance', () => {
    expect(manualStatusTone('active')).toBe('success');
    expect(manualStatusTone('maintenance')).toBe('warning');
    expect(manualStatusTone('decommissioned')).toBe('danger');
    expect(manualStatusTone('whatever')).toBe('danger');
    expect(priorityTone('high')).toBe('danger');
  });
});

describe('risk badge of spec §4', () => {
  it('maps low to secondary, medium to default, high and critical to destructive, the rest to outline', () => {
    expect(['low', 'medium', 'high', 'critical', 'unknown', ''].map(riskBadgeTone)).toEqual([
      'neutral',
      'primary',
      'danger',
      'danger',
      'muted',
      'muted',
    ]);
  });

  it('colours the risk level from green to red', () => {
    expect(['low', 'medium', 'high', 'critical', 'other'].map(riskLevelTone)).toEqual([
      'success',
      'warning',
      'danger',
      'danger',
      'muted',
    ]);
  });

  it("colours an alarm's priority: critical and high red, medium amber, low grey", () => {
    expect(['critical', 'high', 'medium', 'low', 'other'].map(alarmPriorityTone)).toEqual([
      'danger',
      'danger',
      'warning',
      'neutral',
      'muted',
    ]);
  });
});
