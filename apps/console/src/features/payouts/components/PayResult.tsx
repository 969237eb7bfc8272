import { Descriptions, Table } from 'antd';
import { yuan } from '@hall/shared/enrolment/index.ts';
import type { ClaimPayAnswer, TreatmentPayAnswer } from '../api/pay';

/** What a treatment batch paid and whom it left for later (no card, or a set-off larger than what is due). */
export function TreatmentPaid({ answer }: { answer: TreatmentPayAnswer }) {
  return (
    <>
      <Descriptions column={1} size="small" styles={{ label: { width: 110 } }}>
        <Descriptions.Item label="批次号">{answer.batchNo}</Descriptions.Item>
        <Descriptions.Item label="发放日期">{answer.paidOn}</Descriptions.Item>
        <Descriptions.Item label="笔数 / 人数">
          {answer.count} 笔 / {answer.persons} 人
        </Descriptions.Item>
        <Descriptions.Item label="转账合计">¥{yuan(answer.totalFen)}</Descriptions.Item>
        {answer.setOffFen ? <Descriptions.Item label="其中冲减">¥{yuan(answer.setOffFen)}</Descriptions.Item> : null}
      </Descriptions>
      {answer.heldCount > 0 ? (
        <Table
          size="small"
          rowKey={(row) => `${row.certNo}-${row.name}`}
          title={() => `留待以后发放 ${answer.heldCount} 人`}
          columns={[
            { title: '姓名', dataIndex: 'name' },
            { title: '身份证号码', dataIndex: 'certNo' },
            { title: '原因', dataIndex: 'reason' },
          ]}
          dataSource={answer.held}
          pagination={false}
        />
      ) : null}
    </>
  );
}

/** What a claim batch paid and which claims stayed 待发放, each with its reason (由您审核通过, 未登记银行卡…). */
export function ClaimsPaid({ answer }: { answer: ClaimPayAnswer }) {
  return (
    <>
      <Descriptions column={1} size="small" styles={{ label: { width: 110 } }}>
        <Descriptions.Item label="批次号">{answer.batchNo ?? '未生成（没有可发放的补助）'}</Descriptions.Item>
        <Descriptions.Item label="发放日期">{answer.paidOn}</Descriptions.Item>
        <Descriptions.Item label="笔数">{answer.count} 笔</Descriptions.Item>
        <Descriptions.Item label="合计">¥{yuan(answer.totalFen)}</Descriptions.Item>
      </Descriptions>
      {answer.skipped.length > 0 ? (
        <Table
          size="small"
          rowKey="claimNo"
          title={() => `未发放 ${answer.skipped.length} 笔`}
          columns={[
            { title: '补助申请号', dataIndex: 'claimNo' },
            { title: '姓名', dataIndex: 'personName' },
            { title: '原因', dataIndex: 'reason' },
          ]}
          dataSource={answer.skipped}
          pagination={false}
          data-testid="claims-skipped"
        />
      ) : null}
    </>
  );
}
