import { describe, expect, it } from 'vitest';
import { addDays, canApply, coverStart, eligible, maskCard, periodPhase, yuan } from './index';

const p2027 = {
  startDate: '2027-01-01',
  endDate: '2027-12-31',
  enrolStart: '2026-11-01',
  enrolEnd: '2026-12-31',
  payDeadline: '2026-12-31',
  waitingDays: 90,
};

describe('periodPhase', () => {
  it.each([
    ['2026-10-31', 'upcoming'],
    ['2026-11-01', 'enrolling'],
    ['2026-11-22', 'enrolling'],
    ['2027-01-01', 'inForce'],
    ['2027-12-31', 'inForce'],
    ['2028-01-01', 'closed'],
  ])('%s → %s', (today, phase) => expect(periodPhase(p2027, today)).toBe(phase));
});

describe('canApply', () => {
  it('new applications inside the window only, supplementary ones while in force', () => {
    expect(canApply(p2027, 'new', '2026-11-22')).toBe(true);
    expect(canApply(p2027, 'new', '2027-01-02')).toBe(false);
    expect(canApply(p2027, 'add', '2026-11-22')).toBe(false);
    expect(canApply(p2027, 'add', '2027-03-01')).toBe(true);
    expect(canApply(p2027, 'add', '2028-01-01')).toBe(false);
  });
});

describe('coverStart', () => {
  it.each([
    // paid before the period: new joiner waits 90 days from payment, but never before the start
    ['2026-11-25', false, '2027-02-23'],
    ['2026-09-01', false, '2027-01-01'],
    // continuing without a gap: from the start
    ['2026-12-20', true, '2027-01-01'],
    // continuing but paid after the deadline: a gap, so the waiting period applies
    ['2027-01-10', true, '2027-04-10'],
    // supplementary during the period
    ['2027-06-01', false, '2027-08-30'],
  ])('paid %s continuing %s → %s', (paidOn, continuing, from) => expect(coverStart(p2027, paidOn, continuing)).toBe(from));
  it('no waiting days: from payment', () => expect(coverStart({ ...p2027, waitingDays: 0 }, '2027-05-05', false)).toBe('2027-05-05'));
});

describe('helpers', () => {
  it('adds days across months and leap years', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
  it('formats fen as yuan', () => {
    expect(yuan(0)).toBe('0.00');
    expect(yuan(6000)).toBe('60.00');
    expect(yuan(123456789)).toBe('1,234,567.89');
    expect(yuan(-5)).toBe('-0.05');
    expect(yuan(99999)).toBe('999.99');
    expect(yuan(100000)).toBe('1,000.00');
    expect(yuan(-12345678901)).toBe('-123,456,789.01');
  });
  it('admits women only to female products', () => {
    expect(eligible('female', '2')).toBe(true);
    expect(eligible('female', '1')).toBe(false);
    expect(eligible('all', '1')).toBe(true);
  });
  it('masks a card', () => expect(maskCard('6222021234567890123')).toBe('6222 **** 0123'));
});
