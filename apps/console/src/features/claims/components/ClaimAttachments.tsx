import { Tag } from 'antd';
import { FileTabs } from '../../../components/FileTabs';
import { claimAttachmentKey, fetchClaimAttachment } from '../api/claim-attachment';
import type { ClaimDetail } from '../api/claim-detail';

/** The claim's attachments in the page, the type's required kinds that are missing named first. */
export function ClaimAttachments({ detail }: { detail: ClaimDetail }) {
  const missing = detail.required.filter((kind) => !kind.present);
  const claimId = detail.claim.id;
  return (
    <div data-testid="claim-attachments">
      {missing.length ? (
        <p>
          缺少必需材料：
          {missing.map((kind) => (
            <Tag key={kind.kind} color="error">
              {kind.label}
            </Tag>
          ))}
        </p>
      ) : null}
      <FileTabs
        files={detail.attachments.map((file) => ({
          key: String(file.id),
          label: file.kindLabel,
          name: `${file.kindLabel}：${file.name}`,
          mime: file.mime,
          queryKey: claimAttachmentKey(claimId, file.id),
          load: () => fetchClaimAttachment(claimId, file.id, file.mime),
        }))}
      />
    </div>
  );
}
