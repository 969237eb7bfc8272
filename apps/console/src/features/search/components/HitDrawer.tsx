import { useState } from 'react';
import { Button, Descriptions, Drawer } from 'antd';
import { opsAdminCalls } from '@hall/shared/contracts/ops-admin.ts';
import { ReasonDialog } from '../../../components/ReasonDialog';
import { useMayCall } from '../../../lib/operator-may';
import { useUnmaskPerson } from '../api/person-unmask';
import type { SearchHit } from '../api/search';

const KIND_TITLES: Record<SearchHit['kind'], string> = { unit: '单位', person: '职工', application: '互助申请', claim: '补助申请' };

/**
 * A unit, a person or an application found by the header's search, in brief. A person's full ID
 * number and phone are shown only for a stated reason (audited, docs/decisions.md "Operators and audit").
 */
export function HitDrawer({ hit, onClose }: { hit: SearchHit | null; onClose(): void }) {
  const mayUnmask = useMayCall(opsAdminCalls.opsPersonUnmask);
  const unmask = useUnmaskPerson();
  const [asking, setAsking] = useState(false);
  const full = unmask.data && unmask.variables?.personId === hit?.id ? unmask.data : null;
  const close = () => {
    unmask.reset();
    onClose();
  };
  const [first, second] = (hit?.subtitle ?? '').split(' · ');
  return (
    <Drawer open={hit !== null} onClose={close} title={hit ? KIND_TITLES[hit.kind] : ''} size={420} data-testid="hit-drawer">
      {hit?.kind === 'unit' ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="单位名称">{hit.title}</Descriptions.Item>
          <Descriptions.Item label="单位账号">{first}</Descriptions.Item>
          {second ? <Descriptions.Item label="类型">{second}</Descriptions.Item> : null}
        </Descriptions>
      ) : null}
      {hit?.kind === 'application' ? (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="申请号">{hit.title}</Descriptions.Item>
          <Descriptions.Item label="单位">{first}</Descriptions.Item>
          {second ? <Descriptions.Item label="状态">{second}</Descriptions.Item> : null}
        </Descriptions>
      ) : null}
      {hit?.kind === 'person' ? (
        <>
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label="姓名">{full?.name ?? hit.title}</Descriptions.Item>
            <Descriptions.Item label="身份证号">
              <span data-testid="hit-cert">{full?.certNo ?? hit.subtitle}</span>
            </Descriptions.Item>
            {full ? <Descriptions.Item label="手机号">{full.phone ?? '未登记'}</Descriptions.Item> : null}
          </Descriptions>
          {mayUnmask && !full ? (
            <Button className="hit-unmask" onClick={() => setAsking(true)} data-testid="hit-unmask">
              查看完整身份证号与手机号
            </Button>
          ) : null}
          <ReasonDialog
            title={asking ? `查看 ${hit.title} 的完整信息` : null}
            label="查看原因"
            extra="记入审计日志"
            okText="查看"
            pending={unmask.isPending}
            onCancel={() => setAsking(false)}
            onSubmit={(reason) => unmask.mutateAsync({ personId: hit.id, reason }).then(() => setAsking(false))}
          />
        </>
      ) : null}
    </Drawer>
  );
}
