import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AttachmentKind } from '@hall/shared/benefits/index.ts';
import { renderInShell } from '../../../test/render';
import { AttachmentsPanel } from './AttachmentsPanel';
import { ClaimAttachments } from './ClaimAttachments';

const files = vi.hoisted(() => ({ download: vi.fn(), fetchBlob: vi.fn() }));
vi.mock('../../../lib/download', () => files);
vi.mock('../../../lib/request', () => ({ request: { call: vi.fn() } }));

const attachment = (id: number, kind: AttachmentKind, kindLabel: string, name: string, mime: string) => ({
  id,
  kind,
  kindLabel,
  fileId: `00000000-0000-4000-8000-00000000000${id}`,
  name,
  size: 2048,
  mime,
  createdAt: '2026-11-20T01:00:00.000Z',
});
const SUMMARY = attachment(1, 'discharge_summary', '出院小结', '出院小结.pdf', 'application/pdf');
const INVOICE = attachment(2, 'invoice', '发票', '发票.jpg', 'image/jpeg');

beforeEach(() => {
  files.download.mockReset().mockResolvedValue(undefined);
  URL.createObjectURL = vi.fn(() => 'blob:attachment');
  URL.revokeObjectURL = vi.fn();
  files.fetchBlob.mockReset().mockImplementation(async (_c: unknown, _b: unknown, type: string) => new Blob(['x'], { type }));
});

describe('a claim’s attachments, for whoever reads the claim', () => {
  it('shows an image inline and a PDF in a frame, in the page, and steps through them', async () => {
    renderInShell(<ClaimAttachments attachments={[SUMMARY, INVOICE]} />);
    const list = await screen.findByTestId('claim-attachment-list');
    const row = within(list).getByText('发票.jpg').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: '查看' }));
    const image = (await screen.findByTestId('file-preview-image')) as HTMLImageElement;
    expect(image.src).toBe('blob:attachment');
    expect(files.fetchBlob).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'fileDownload' }),
      { fileId: INVOICE.fileId },
      'image/jpeg',
    );
    expect(screen.getByText('发票：发票.jpg')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '上一个' }));
    expect(((await screen.findByTestId('file-preview-pdf')) as HTMLIFrameElement).title).toBe('预览：出院小结.pdf');
    // 下载 is still there.
    fireEvent.click(within(list).getAllByRole('button', { name: '下载' })[0]);
    expect(files.download).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'fileDownload' }),
      { fileId: SUMMARY.fileId },
      '出院小结.pdf',
    );
  });

  it('says why when the server refuses the file', async () => {
    files.fetchBlob.mockRejectedValue(new Error('文件不存在或无权下载'));
    renderInShell(<ClaimAttachments attachments={[SUMMARY]} />);
    fireEvent.click(await screen.findByRole('button', { name: '出院小结.pdf' }));
    expect(await screen.findByText('文件不存在或无权下载')).toBeTruthy();
  });
});

describe('the claim form’s attachment picker', () => {
  it('offers and names the shared material types', async () => {
    renderInShell(<AttachmentsPanel filer="unit" type="hospital_allowance" claimId={9} editable onChanged={() => {}} />);
    const panel = await screen.findByTestId('claim-attachments');
    expect((panel.querySelector('input[type=file]') as HTMLInputElement).accept).toBe('.pdf,.jpg,.jpeg,.png');
    expect(screen.getByText('申请材料：PDF、JPG、PNG 格式的扫描件或照片，每个文件不超过10MB。')).toBeTruthy();
  });
});
