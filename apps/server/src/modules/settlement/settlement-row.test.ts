import { SETTLEMENT_COLUMNS } from '@hall/shared';
import { describe, expect, it } from 'vitest';
import { locateColumns } from '../../lib/table-file';
import { cellReader, checkSettlementRow } from './settlement-row';

describe('a row of the settlement file', () => {
  it('reads each cell by its header, in any order; a column left out or a short row reads as empty', () => {
    // The optional 结算日期 and 冲销标志 left out, two columns swapped.
    const header = SETTLEMENT_COLUMNS.filter((c) => c.required !== false).map((c) => c.header);
    [header[0], header[1]] = [header[1], header[0]];
    const at = locateColumns(header, SETTLEMENT_COLUMNS) as Record<string, number>;
    const cellsOf = cellReader(at);
    const row = [
      '11010519491231002X',
      'JS-1',
      '张三',
      '湘雅医院',
      '三级',
      '住院',
      '2026-03-01',
      '2026-03-09',
      '100',
      '80',
      '50',
      '30',
      '20',
      'K35.800',
      '急性阑尾炎',
    ];
    const cells = cellsOf(row);
    expect(cells).toMatchObject({ no: 'JS-1', certNo: '11010519491231002X', settled: '', reversed: '', diagnosisName: '急性阑尾炎' });
    expect(checkSettlementRow(cells, [], new Date('2026-11-28T00:00:00Z'))).toMatchObject({ settledOn: '2026-03-09', reversed: false });
    expect(cellsOf(row.slice(0, 3))).toMatchObject({ name: '张三', hospital: '', diagnosisCode: '' });
  });
});
