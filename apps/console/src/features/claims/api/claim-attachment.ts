import { opsClaimCalls } from '@hall/shared/contracts/ops-claims.ts';
import { fetchBlob } from '../../../lib/blob';

/** One attachment's bytes for the inline view (the server audits the read). */
export const fetchClaimAttachment = (claim: number, attachmentId: number, mime: string) =>
  fetchBlob(opsClaimCalls.opsClaimAttachment, { claim, attachmentId }, mime);

export const claimAttachmentKey = (claim: number, attachmentId: number) => ['ops', 'claim-file', claim, attachmentId] as const;
