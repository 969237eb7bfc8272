import { Button, Upload } from 'antd';
import UploadOutlined from '@ant-design/icons/UploadOutlined';

interface Props {
  label: string;
  loading: boolean;
  onFile(file: File): void;
}

/** Picks the file and hands it to its staged import: it goes straight to a preview, which writes nothing. */
export function FileLoadButton({ label, loading, onFile }: Props) {
  return (
    <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(file) => (onFile(file), false)} disabled={loading}>
      <Button type="primary" icon={<UploadOutlined />} loading={loading} data-testid="load-file">
        {loading ? '正在读取…' : label}
      </Button>
    </Upload>
  );
}
