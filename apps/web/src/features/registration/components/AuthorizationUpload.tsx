import { Button, Upload } from 'antd';
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { FILE_MAX_BYTES } from '@hall/shared/constants.ts';
import { type FileInfo, MATERIAL_TYPES } from '@hall/shared/files/index.ts';
import { toast } from '../../../lib/feedback';
import { formatSize } from '../../../lib/format';
import { useUploadFile } from '../api';

/** What a visitor may upload without an account (docs/decisions.md, "Anonymous uploads only for registrations"): the signed scan, a material (the shared list). */
export const AUTHORIZATION_EXTENSIONS = MATERIAL_TYPES.extensions;
export const TYPE_MESSAGE = `仅支持上传 ${MATERIAL_TYPES.label} 格式的文件`;
export const SIZE_MESSAGE = '文件大小不能超过10MB';

/** Why a file cannot be sent, checked before the upload (the server checks the content again). */
export function authorizationFileProblem(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!AUTHORIZATION_EXTENSIONS.some((ext) => name.endsWith(ext))) return TYPE_MESSAGE;
  if (file.size > FILE_MAX_BYTES) return SIZE_MESSAGE;
  if (file.size === 0) return '请选择要上传的文件';
  return null;
}

interface AuthorizationUploadProps {
  /** The uploaded file's id (form field authorization). */
  value?: string;
  onChange?(fileId: string | undefined): void;
  /** The uploaded file, to show its name. */
  file?: FileInfo | null;
  onFile?(file: FileInfo | null): void;
}

/**
 * Upload of the signed 授权委托书 (uploadFile: multipart, not sealed). Shows the uploaded file's
 * name and size; a refusal (wrong content, too large, too many) is the server's message.
 */
export function AuthorizationUpload({ value, onChange, file, onFile }: AuthorizationUploadProps) {
  const uploading = useUploadFile();

  function send(chosen: File) {
    const problem = authorizationFileProblem(chosen);
    if (problem) return void toast.warning(problem, 5);
    // A refusal is the server's message, shown by the request client.
    uploading.mutate(chosen, {
      onSuccess: (uploaded) => {
        onFile?.(uploaded);
        onChange?.(uploaded.fileId);
        toast.success('上传成功');
      },
    });
  }

  return (
    <div className="auth-upload">
      <Upload
        accept={AUTHORIZATION_EXTENSIONS.join(',')}
        showUploadList={false}
        maxCount={1}
        beforeUpload={(chosen) => {
          send(chosen);
          return false; // the upload is ours (customised request), not antd's
        }}
      >
        <Button icon={<UploadOutlined />} loading={uploading.isPending} data-testid="auth-upload">
          {value ? '重新上传' : '上传签章后的授权委托书'}
        </Button>
      </Upload>
      {value && file ? (
        <div className="auth-upload__file" data-testid="auth-file">
          <PaperClipOutlined />
          <span className="auth-upload__name">{file.name}</span>
          <span className="auth-upload__size">{formatSize(file.size)}</span>
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label="移除文件"
            onClick={() => {
              onFile?.(null);
              onChange?.(undefined);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
