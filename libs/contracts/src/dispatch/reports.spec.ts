import {
  REPORT_MAX_DAYS,
  REPORT_MESSAGES,
  bucketStart,
  daysInRange,
  reportBucket,
  reportQuerySchema,
} from './reports';

const issues = (query: unknown) => {
  const parsed = reportQuerySchema.safeParse(query);
  return parsed.success
    ? []
    : parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('daysInRange', () => {
  it('counts both ends, across a month, a leap day and a clock change', () => {
    expect(daysInRange('2030-06-14', '2030-06-14')).toBe(1);
    expect(daysInRange('2030-06-28', '2030-07-03')).toBe(6);
    expect(daysInRange('2028-02-28', '2028-03-01')).toBe(3);
    expect(daysInRange('2030-03-09', '2030-03-11')).toBe(3); // DST starts 10 March
    expect(daysInRange('2030-06-15', '2030-06-14')).toBe(0);
  });
});

describe('reportBucket', () => {
  it('groups by day up to 92 days, by week up to 366, by month beyond', () => {
    expect(reportBucket('2030-01-01', '2030-04-02')).toBe('day'); // 92 days
    expect(reportBucket('2030-01-01', '2030-04-03')).toBe('week');
    expect(reportBucket('2030-01-01', '2031-01-01')).toBe('week'); // 366 days
    expect(reportBucket('2030-01-01', '2031-01-02')).toBe('month');
  });
});

describe('bucketStart', () => {
  it('is the day itself, the Monday of its week, or the first of its month', () => {
    expect(bucketStart('2030-06-14', 'day')).toBe('2030-06-14');
    expect(bucketStart('2030-06-14', 'week')).toBe('2030-06-10'); // a Friday
    expect(bucketStart('2030-06-10', 'week')).toBe('2030-06-10'); // a Monday
    expect(bucketStart('2030-06-16', 'week')).toBe('2030-06-10'); // a Sunday ends the week
    expect(bucketStart('2030-01-01', 'week')).toBe('2029-12-31'); // across the year
    expect(bucketStart('2030-06-14', 'month')).toBe('2030-06-01');
  });
});

describe('reportQuerySchema', () => {
  it('takes a range of business dates, one day up to the longest', () => {
    expect(issues({ from: '2030-06-14', to: '2030-06-14' })).toEqual([]);
    expect(issues({ from: '2029-01-01', to: '2030-12-31' })).toEqual([]); // 730 days
    expect(daysInRange('2028-01-01', '2029-12-31')).toBe(REPORT_MAX_DAYS);
    expect(issues({ from: '2028-01-01', to: '2029-12-31' })).toEqual([]);
  });

  it('refuses a missing or malformed date, a reversed range and a too long one, with the reason', () => {
    expect(issues({ to: '2030-06-14' })).toEqual([{ path: 'from', message: REPORT_MESSAGES.date }]);
    expect(issues({ from: '14/06/2030', to: '2030-06-14' })).toEqual([
      { path: 'from', message: REPORT_MESSAGES.date },
    ]);
    expect(issues({ from: '2030-02-31', to: '2030-03-01' })).toEqual([
      { path: 'from', message: REPORT_MESSAGES.date },
    ]);
    expect(issues({ from: '2030-13-01', to: '2030-06-14' })).toEqual([
      { path: 'from', message: REPORT_MESSAGES.date },
    ]);
    expect(issues({ from: 20300614, to: '2030-06-14' })).toEqual([
      { path: 'from', message: REPORT_MESSAGES.date },
    ]);
    expect(issues({ from: '2030-06-15', to: '2030-06-14' })).toEqual([
      { path: 'to', message: REPORT_MESSAGES.order },
    ]);
    expect(issues({ from: '2028-01-01', to: '2030-01-01' })).toEqual([
      { path: 'from', message: REPORT_MESSAGES.tooLong },
    ]);
  });
});
