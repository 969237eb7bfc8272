import { createPortal } from 'react-dom';
import { Button } from 'antd';
import PrinterOutlined from '@ant-design/icons/PrinterOutlined';
import { chinaMinute } from '@hall/shared/china-time.ts';
import { Money } from '../../../components/Money';
import { unionName } from '../../../lib/config';
import type { FundRow } from '../api/reports';
import { percent } from '../figures';
import './annual-statement.css';

/**
 * 年度互助金收支情况: one period's fund as a printable statement (the city union answers for it to
 * its members and auditors). 打印 prints this sheet alone: a copy of it directly under <body>, shown
 * only on paper, where every other child of <body> is hidden (annual-statement.css).
 */
export function AnnualStatement({ row }: { row: FundRow }) {
  const lines: Array<[string, number, boolean?]> = [
    [`一、收入：互助金缴费（${row.payments} 笔）`, row.receivedFen, true],
    ['二、支出：互助待遇', row.paidTreatmentFen],
    ['　　　　　补助', row.paidClaimFen],
    ['　　支出合计', row.paidOutFen, true],
    ['三、待支付（已核定未发放）', row.committedFen],
    ['四、结余（收入 − 支出 − 待支付）', row.balanceFen, true],
  ];
  const sheet = (
    <article className="annual-statement__sheet">
      <h3>
        {unionName}
        {row.year}年度职工医疗互助金收支情况
      </h3>
      <table>
        <thead>
          <tr>
            <th scope="col">项目</th>
            <th scope="col">金额</th>
          </tr>
        </thead>
        <tbody>
          {lines.map(([label, fen, strong]) => (
            <tr key={label} className={strong ? 'annual-statement__total' : undefined}>
              <td>{label}</td>
              <td>
                <Money fen={fen} />
              </td>
            </tr>
          ))}
          <tr>
            <td>五、赔付率（支出 ÷ 收入）</td>
            <td>{percent(row.payoutRatio)}</td>
          </tr>
        </tbody>
      </table>
      <footer>
        <span>编制单位：{unionName}</span>
        <span>打印时间：{chinaMinute(new Date())}</span>
      </footer>
    </article>
  );
  return (
    <div className="annual-statement" data-testid="annual-statement">
      <div className="annual-statement__toolbar">
        <Button icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="annual-statement-print">
          打印年度收支情况
        </Button>
      </div>
      {sheet}
      {createPortal(<div className="annual-statement-print">{sheet}</div>, document.body)}
    </div>
  );
}
