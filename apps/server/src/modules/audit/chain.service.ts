import { createHash } from 'node:crypto';
import type { Db } from '../../db/client';
import { type ChainRow, chainPage, unchainedRow } from './chain.repository';

/** The hash before the first row. */
export const GENESIS = '0'.repeat(64);
const PAGE = 2000;

/**
 * A row's hash, computed here as migration 0033's audit_log_hash computes it in the database:
 * SHA-256 (hex) of the previous hash, 'v1' and each column as `|<bytes>:<text>` (`|~` for NULL).
 * The verifier recomputes it in Node so a changed database function cannot vouch for a changed row.
 */
export function chainHash(prev: string, row: ChainRow) {
  const fields = [row.id, row.seq, row.at_us, row.actor_kind, row.actor_key, row.action, row.detail, row.ip];
  const content = fields.map((f) => (f === null ? '|~' : `|${Buffer.byteLength(f)}:${f}`)).join('');
  return createHash('sha256').update(`${prev}v1${content}`, 'utf8').digest('hex');
}

export type ChainProblem = {
  kind: 'changed' | 'deleted' | 'out-of-order' | 'anchor' | 'unchained';
  /** The row named (the first one found wrong, or the one after a gap), when there is one. */
  id?: number;
  seq: number;
  message: string;
};

export interface ChainReport {
  rows: number;
  head: { seq: number; hash: string };
  problem?: ChainProblem;
}

const rowName = (row: ChainRow) => `审计记录 id ${row.id}（链序 ${row.seq}）`;

/** What is wrong with one row that follows place `seq - 1` of hash `prev`, if anything. */
function problemOf(row: ChainRow, expectedSeq: number, prev: string): ChainProblem | undefined {
  const seq = Number(row.seq);
  const id = Number(row.id);
  if (seq > expectedSeq)
    return {
      kind: 'deleted',
      id,
      seq: expectedSeq,
      message: `链序 ${expectedSeq}${seq - 1 > expectedSeq ? `…${seq - 1}` : ''} 的审计记录缺失（被删除），缺在${rowName(row)}之前`,
    };
  if (seq < expectedSeq) return { kind: 'out-of-order', id, seq, message: `${rowName(row)}重复占用链序 ${seq}：被插入` };
  if (row.prev_hash !== prev) {
    // Its own hash still holds over the predecessor it names: a whole row put in where it was not written.
    if (row.prev_hash !== null && chainHash(row.prev_hash, row) === row.hash)
      return { kind: 'out-of-order', id, seq, message: `${rowName(row)}不接在前一条之后：被插入或移动到此处` };
    return { kind: 'changed', id, seq, message: `${rowName(row)}的链字段被改动` };
  }
  if (chainHash(prev, row) !== row.hash) return { kind: 'changed', id, seq, message: `${rowName(row)}的内容被改动` };
  return undefined;
}

/**
 * Walks the audit chain from its first row in keyset pages (memory stays flat at any size) and stops
 * at the first row that was changed, deleted or put in out of order. The chain's last row vouches
 * for nothing after it: rows cut off the end, or a whole chain recomputed from an edited row on,
 * show against `anchor`, a place and hash an auditor noted from an earlier run (the head it printed),
 * through which the chain must still pass. A row outside the chain (chained at its commit, so never
 * there unless put in with the triggers off) is a fault too.
 */
export async function verifyAuditChain(db: Db, anchor?: { seq: number; hash: string }): Promise<ChainReport> {
  let expectedSeq = 1;
  let prev = GENESIS;
  let rows = 0;
  const done = (problem?: ChainProblem): ChainReport => ({ rows, head: { seq: expectedSeq - 1, hash: prev }, problem });
  for (;;) {
    const page = await chainPage(db, expectedSeq - 1, PAGE);
    for (const row of page) {
      const problem = problemOf(row, expectedSeq, prev);
      if (problem) return done(problem);
      if (anchor && anchor.seq === expectedSeq && anchor.hash !== row.hash)
        return done({
          kind: 'anchor',
          id: Number(row.id),
          seq: expectedSeq,
          message: `${rowName(row)}的哈希与记下的锚点不符：此前的记录被改动后整链重算`,
        });
      prev = row.hash!;
      expectedSeq++;
      rows++;
    }
    if (page.length < PAGE) break;
  }
  const last = expectedSeq - 1;
  if (anchor && anchor.seq > last)
    return done({
      kind: 'anchor',
      seq: last + 1,
      message: `链序 ${last + 1}${anchor.seq > last + 1 ? `…${anchor.seq}` : ''} 的审计记录缺失（被删除）：记下的锚点在链序 ${anchor.seq}，链尾只到 ${last}`,
    });
  const unchained = await unchainedRow(db);
  if (unchained !== undefined)
    return done({
      kind: 'unchained',
      id: Number(unchained),
      seq: last + 1,
      message: `审计记录 id ${unchained} 不在链中（没有链序与哈希）：绕过触发器写入`,
    });
  return done();
}
