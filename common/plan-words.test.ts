import { describe, expect, it } from 'vitest';
import {
  calendarWords,
  conditionWords,
  dayWords,
  meterWords,
  monthlyWeekdayRule,
  readMonthlyWeekdayRule,
  ruleWords,
} from './plan-words';

describe('ruleWords', () => {
  it.each([
    ['FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO', 'Every 3 months on the first Monday'],
    ['RRULE:FREQ=MONTHLY;BYDAY=-1FR', 'Every month on the last Friday'],
    ['FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=1', 'Every year in March on the 1st'],
    ['FREQ=WEEKLY;BYDAY=MO,WE,FR', 'Every week on Monday, Wednesday and Friday'],
    ['FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1', 'Every month on the last weekday'],
    ['FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'Every week on weekdays'],
    ['FREQ=MONTHLY;BYMONTHDAY=22,-1', 'Every month on the 22nd and the last day'],
    ['FREQ=DAILY;INTERVAL=2;COUNT=5', 'Every 2 days for 5 times'],
    ['FREQ=WEEKLY;INTERVAL=2;UNTIL=20271231T000000Z', 'Every 2 weeks until Dec 31, 2027'],
    ['FREQ=MONTHLY;BYMONTHDAY=11,12,13', 'Every month on the 11th, the 12th and the 13th'],
  ])('%s reads "%s"', (rule, words) => {
    expect(ruleWords(rule)).toBe(words);
  });

  it('has no words for what is not a day-level rule', () => {
    expect(ruleWords('FREQ=HOURLY')).toBeNull();
    expect(ruleWords('not a rule')).toBeNull();
  });
});

describe('a trigger in words, never its RRULE', () => {
  it('says the rhythm, the start and what it counts from', () => {
    expect(
      calendarWords({
        kind: 'calendar',
        rrule: 'FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO',
        startDate: '2026-10-01',
        countFrom: 'fixed',
      }),
    ).toBe('Every 3 months on the first Monday, from Oct 1, 2026');
    expect(
      calendarWords({
        kind: 'calendar',
        every: { count: 1, unit: 'year' },
        startDate: '2027-01-04',
        countFrom: 'completion',
      }),
    ).toBe('Every year, counted from the last completion (first Jan 4, 2027)');
    expect(
      calendarWords({ kind: 'calendar', rrule: 'FREQ=SECONDLY', startDate: '2027-01-04', countFrom: 'fixed' }),
    ).toBe('A custom recurrence, from Jan 4, 2027');
  });

  it('says meters and conditions as a supervisor would', () => {
    expect(meterWords({ kind: 'meter', meter: 'operating_hours', every: 4380, lead: 240 })).toBe(
      'Every 4,380 operating hours, raised 240 operating hours early',
    );
    expect(conditionWords({ kind: 'condition', measure: 'failure_probability', threshold: 0.3 })).toBe(
      'When the failure risk reaches 30%',
    );
    expect(conditionWords({ kind: 'condition', measure: 'health_score', threshold: 40 })).toBe(
      'When the health score falls to 40 or below',
    );
  });

  it('shows a plant day as that day, in any zone', () => {
    expect(dayWords('2026-12-06')).toBe('Dec 6, 2026');
  });
});

describe('the monthly weekday choice', () => {
  it('writes and reads back its rule', () => {
    const rule = monthlyWeekdayRule(3, 1, 0);
    expect(rule).toBe('FREQ=MONTHLY;INTERVAL=3;BYDAY=1MO');
    expect(readMonthlyWeekdayRule(rule)).toEqual({ count: 3, ordinal: 1, weekday: 0 });
    expect(readMonthlyWeekdayRule('FREQ=MONTHLY;BYDAY=-1FR')).toEqual({ count: 1, ordinal: -1, weekday: 4 });
    expect(readMonthlyWeekdayRule('FREQ=WEEKLY;BYDAY=MO')).toBeNull();
  });
});
