import { describe, expect, it } from 'vitest';
import { copyLine } from '../../lib/copy-rows';
import { SettlementChunk } from './settlement-chunk';
import { rowFields, type SettlementRow } from './settlement.repository';

const row = (over: Partial<SettlementRow> = {}): SettlementRow => ({
  settlementNo: 'JS-1',
  certNo: '11010519491231002X',
  periodId: 7,
  hospitalName: '湘雅医院',
  hospitalLevel: '3',
  kind: 'inpatient',
  admittedOn: '2026-03-01',
  dischargedOn: '2026-03-09',
  settledOn: '2026-03-09',
  totalFen: 123_456,
  policyFen: 100_000,
  fundFen: 60_000,
  selfPolicyFen: 40_000,
  selfExcludedFen: 23_456,
  diagnosisCode: 'K35.800',
  diagnosisName: '急性阑尾炎',
  reversed: false,
  ...over,
});

describe('a chunk of the settlement file', () => {
  it('writes a row’s fields as COPY writes any line: texts escaped, no period as null', () => {
    for (const r of [row(), row({ periodId: null, hospitalName: 'a\tb\\c', diagnosisName: '一\n二\r', reversed: true })])
      expect(`${rowFields(r)}\n`).toBe(
        copyLine([
          r.settlementNo,
          r.periodId,
          r.hospitalName,
          r.hospitalLevel,
          r.kind,
          r.admittedOn,
          r.dischargedOn,
          r.settledOn,
          r.totalFen,
          r.policyFen,
          r.fundFen,
          r.selfPolicyFen,
          r.selfExcludedFen,
          r.diagnosisCode,
          r.diagnosisName,
          r.reversed,
        ]),
      );
  });

  it('knows a number it holds twice, and starts empty once taken', () => {
    const chunk = new SettlementChunk();
    chunk.add(row(), 2);
    chunk.add(row({ settlementNo: 'JS-2' }), 3);
    expect(chunk.take()).toMatchObject({ repeats: false, rowNos: [2, 3], numbers: ['JS-1', 'JS-2'] });
    chunk.add(row(), 4);
    chunk.add(row({ hospitalName: '湘雅二医院' }), 5);
    const taken = chunk.take();
    expect(taken).toMatchObject({ repeats: true, rowNos: [4, 5] });
    expect(taken.fields.toString()).toBe(rowFields(row()) + rowFields(row({ hospitalName: '湘雅二医院' })));
    expect(taken.ends).toEqual([Buffer.byteLength(rowFields(row())), taken.fields.length]);
    expect(chunk.size).toBe(0);
  });
});
