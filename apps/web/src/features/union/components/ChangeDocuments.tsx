import { App, Button, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { FILE_MAX_BYTES } from '@hall/shared/constants.ts';
import { FILE_MESSAGES, MATERIAL_TYPES } from '@hall/shared/files/index.ts';
import { UNION_CHANGE_FILES_MAX, UNION_MESSAGES } from '@hall/shared/union/index.ts';
import { FileList, type PreviewFile } from '../../../components/file-preview/FilePreview';
import { useUploadUnionDocument } from '../api/union-info';

/** Why a picked file cannot be sent, before any byte is (the server checks its content again). */
export function documentProblem(file: { name: string; size: number }, count: number): string | null {
  if (!MATERIAL_TYPES.allowsName(file.name)) return FILE_MESSAGES.materialType;
  if (file.size > FILE_MAX_BYTES) return FILE_MESSAGES.tooLarge;
  if (file.size === 0) return FILE_MESSAGES.empty;
  if (count >= UNION_CHANGE_FILES_MAX) return UNION_MESSAGES.filesMax;
  return null;
}

/**
 * 证明材料 of a change (选举批复, 换届大会决议 …): uploaded through the file upload as a claim's
 * attachments are (same store, same 10 MB limit, the shared material types), sent with the change.
 * Each one can be looked at (查看) or taken off before submitting.
 */
export function ChangeDocuments({ value, onChange }: { value: PreviewFile[]; onChange(files: PreviewFile[]): void }) {
  const { message } = App.useApp();
  const uploading = useUploadUnionDocument();
  const add = (file: File) => {
    const problem = documentProblem(file, value.length);
    if (problem) return void message.error(problem);
    // Each of several picked files resolves its own upload; a refusal was said by the request client.
    uploading.mutateAsync(file).then(
      (up) => onChange([...value, { fileId: up.fileId, name: up.name, size: up.size, mime: file.type || mimeOf(file.name) }]),
      () => undefined,
    );
  };
  return (
    <div className="union-documents" data-testid="union-documents">
      <p className="union-documents__hint">
        如变更需要证明（如换届的选举批复、法人资格证书），请在此上传：{FILE_MESSAGES.materialHint}，最多
        {UNION_CHANGE_FILES_MAX}个。
      </p>
      {value.length ? (
        <ul className="union-documents__list">
          {value.map((f) => (
            <li key={f.fileId}>
              <FileList files={[f]} />
              <Button type="link" size="small" danger onClick={() => onChange(value.filter((x) => x.fileId !== f.fileId))}>
                移除
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Upload
        accept={MATERIAL_TYPES.accept}
        showUploadList={false}
        multiple
        beforeUpload={(file) => {
          add(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading.isPending} data-testid="union-document-upload">
          上传证明材料
        </Button>
      </Upload>
    </div>
  );
}

/** The type a file's extension names, when the browser gives none (the server answers by content). */
const mimeOf = (name: string) =>
  /\.pdf$/i.test(name) ? 'application/pdf' : /\.png$/i.test(name) ? 'image/png' : /\.jpe?g$/i.test(name) ? 'image/jpeg' : '';
