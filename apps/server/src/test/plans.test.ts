import { describe, expect, it } from 'vitest';
import { isRead, type PlanNode, planFaults, planSummary } from './plans';

/** Rules of the query-plan test (db/plans.test.ts) on hand-made plans: they run everywhere, PGlite too. */
const node = (type: string, more: Partial<PlanNode> = {}, ...children: PlanNode[]): PlanNode => ({
  'Node Type': type,
  'Plan Rows': 1,
  ...more,
  ...(children.length ? { Plans: children } : {}),
});
const large = new Set(['staff']);
const scan = (rows: number) => node('Index Scan', { 'Relation Name': 'staff', 'Index Name': 'staff_unit_list_idx', 'Actual Rows': rows });

describe('plan rules', () => {
  it('a Seq Scan of a large table is a fault everywhere; of a small one it is not', () => {
    expect(planFaults(node('Seq Scan', { 'Relation Name': 'staff' }), { large, list: false })).toEqual(['Seq Scan on large table staff']);
    expect(planFaults(node('Seq Scan', { 'Relation Name': 'periods' }), { large, list: true })).toEqual([]);
  });

  it('on a list, a Sort of the match set of a large table is a fault; the sort of a page is not', () => {
    const sortOf = (rows: number) => node('Limit', {}, node('Sort', {}, scan(rows)));
    expect(planFaults(sortOf(5000), { large, list: true })).toEqual(['Sort of 5000 rows over staff']);
    expect(planFaults(sortOf(20), { large, list: true })).toEqual([]);
    expect(planFaults(sortOf(5000), { large, list: false })).toEqual([]);
  });

  it('on a list, an Aggregate over a large table is a fault unless a Limit bounds what it reads', () => {
    expect(planFaults(node('Aggregate', {}, scan(50_000)), { large, list: true })).toEqual(['Aggregate over the whole match set of staff']);
    expect(planFaults(node('Aggregate', {}, node('Limit', {}, scan(10_001))), { large, list: true })).toEqual([]);
    expect(planFaults(node('Aggregate', {}, scan(50_000)), { large, list: false })).toEqual([]);
  });

  it('summarises a plan by its scans, sorts, joins, limits and aggregates', () => {
    expect(planSummary(node('Aggregate', {}, node('Limit', {}, scan(3))))).toBe('Aggregate > Limit > Index Scan staff_unit_list_idx');
  });

  it('explains reads only (EXPLAIN ANALYZE runs the statement)', () => {
    expect(isRead('select 1')).toBe(true);
    expect(isRead('  WITH x AS (select 1) select * from x')).toBe(true);
    expect(isRead('(select id from mail_messages) union all (select id from mail_messages) order by id desc')).toBe(true);
    expect(isRead('insert into mail_messages …')).toBe(false);
    expect(isRead('with x as (update staff set phone = null returning id) select * from x')).toBe(false);
  });
});
