/**
 * Query plans for the plan test (db/plans.test.ts): a recording hook on a pg Pool (the SQL and
 * parameters the services send), EXPLAIN of each recorded read, and the rules a list or
 * statistics query must keep on large tables.
 */
import type pg from 'pg';

export interface Recorded {
  text: string;
  values: unknown[];
}

/** Wraps pool.query so that every statement sent through the pool is recorded while `recording`. */
export function recordQueries(pool: pg.Pool) {
  const recorder = { recording: false, statements: [] as Recorded[] };
  const original = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (recorder.recording) {
      const [first, second] = args;
      if (typeof first === 'string') recorder.statements.push({ text: first, values: Array.isArray(second) ? second : [] });
      else if (first && typeof first === 'object' && 'text' in first) {
        const config = first as { text: string; values?: unknown[] };
        recorder.statements.push({ text: config.text, values: config.values ?? (Array.isArray(second) ? second : []) });
      }
    }
    return original(...args);
  };
  return recorder;
}

/** A node of EXPLAIN (FORMAT JSON). */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Strategy?: string;
  'Plan Rows': number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Sort Method'?: string;
  'Index Cond'?: string;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
}

const walk = function* (node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
};

const rowsOf = (n: PlanNode) => (n['Actual Rows'] ?? n['Plan Rows']) * (n['Actual Loops'] ?? 1);

/** Tables read by a node's subtree that count as large. */
const largeTablesUnder = (node: PlanNode, large: Set<string>) =>
  [...walk(node)].map((n) => n['Relation Name']).filter((r): r is string => r !== undefined && large.has(r));

export interface PlanRules {
  /** Tables with more rows than this bound (reltuples) are large. */
  large: Set<string>;
  /** A paged list: no sort of a large set, no count of the whole match set. */
  list: boolean;
  /** A Sort reading at most this many rows is a page's own sort (after a bounded read), not a sort of the set. */
  sortBound?: number;
}

/**
 * What is wrong with a plan, one line per fault:
 * - a Seq Scan of a large table (any query);
 * - on a list: a Sort of more than `sortBound` rows over a large table (a top-N sort over the
 *   match set, where an index order should bound the read);
 * - on a list: an Aggregate over a large table with no Limit below it (a count or sum of the
 *   whole match set; a capped count reads `limit n + 1` rows under its Aggregate).
 */
export function planFaults(root: PlanNode, rules: PlanRules): string[] {
  const faults: string[] = [];
  const sortBound = rules.sortBound ?? 200;
  for (const node of walk(root)) {
    const type = node['Node Type'];
    if (type === 'Seq Scan' && node['Relation Name'] && rules.large.has(node['Relation Name'])) {
      faults.push(`Seq Scan on large table ${node['Relation Name']}`);
    }
    if (!rules.list) continue;
    if ((type === 'Sort' || type === 'Incremental Sort') && node.Plans?.[0]) {
      const input = rowsOf(node.Plans[0]);
      const tables = largeTablesUnder(node, rules.large);
      if (tables.length > 0 && input > sortBound) faults.push(`Sort of ${input} rows over ${[...new Set(tables)].join(', ')}`);
    }
    if (type === 'Aggregate') {
      const below = [...walk(node)].slice(1);
      const limited = below.some((n) => n['Node Type'] === 'Limit');
      const tables = largeTablesUnder(node, rules.large);
      if (!limited && tables.length > 0) faults.push(`Aggregate over the whole match set of ${[...new Set(tables)].join(', ')}`);
    }
  }
  return faults;
}

/**
 * What is wrong with a plan on tables that must be read through an index whatever their size
 * (explained with sequential scans off, so a Seq Scan means no index serves): each scan of them
 * has an Index Cond and its filter drops at most `filterBound` rows (an index walked in id order
 * past the rows of other actions or actors is a scan too).
 */
export function indexFaults(root: PlanNode, tables: readonly string[], filterBound = 200): string[] {
  const faults: string[] = [];
  for (const node of walk(root)) {
    const table = node['Relation Name'];
    if (!table || !tables.includes(table)) continue;
    const type = node['Node Type'];
    const heapOfBitmap = type === 'Bitmap Heap Scan';
    if (!heapOfBitmap && !node['Index Cond']) faults.push(`${type} on ${table} without an index condition`);
    const dropped = (node['Rows Removed by Filter'] ?? 0) * (node['Actual Loops'] ?? 1);
    if (dropped > filterBound) faults.push(`${type} on ${table} drops ${dropped} rows by its filter`);
  }
  return faults;
}

/** A one-line summary of a plan: its scans and sorts, e.g. "Limit > Index Scan Backward staff_unit_list_idx". */
export function planSummary(root: PlanNode): string {
  const parts: string[] = [];
  for (const n of walk(root)) {
    const type = n['Node Type'];
    if (
      type.includes('Scan') ||
      type.includes('Sort') ||
      type === 'Aggregate' ||
      type === 'Limit' ||
      type.includes('Join') ||
      type === 'Nested Loop'
    ) {
      const target = n['Index Name'] ?? n['Relation Name'];
      parts.push(target ? `${type} ${target}` : type);
    }
  }
  return parts.join(' > ');
}

/**
 * EXPLAIN (ANALYZE, FORMAT JSON) of a recorded read: its plan and execution time (ms). With
 * `noSeqScan` the planner takes any index it can (enable_seqscan off, on the one connection).
 */
export async function explain(pool: pg.Pool, statement: Recorded, noSeqScan = false): Promise<{ plan: PlanNode; ms: number }> {
  const client = await pool.connect();
  try {
    if (noSeqScan) await client.query('set enable_seqscan = off');
    const { rows } = await client.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
    const [doc] = rows[0]['QUERY PLAN'] as Array<{ Plan: PlanNode; 'Execution Time': number }>;
    return { plan: doc.Plan, ms: doc['Execution Time'] };
  } finally {
    if (noSeqScan) await client.query('reset enable_seqscan');
    client.release();
  }
}

/** Reads only: EXPLAIN ANALYZE runs the statement. */
export const isRead = (text: string) => /^[\s(]*(select|with)\b/i.test(text) && !/\b(insert|update|delete)\b/i.test(text);
