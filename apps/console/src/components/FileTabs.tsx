import { Empty, Tabs } from 'antd';
import { InlineFile } from './InlineFile';

export interface ShownFile {
  key: string;
  /** The tab: the file's kind (身份证) or its name. */
  label: string;
  name: string;
  mime: string;
  queryKey: readonly unknown[];
  load(): Promise<Blob>;
}

/** A record's files, one tab each, shown in the page; only the open tab is fetched. */
export function FileTabs({ files, empty = '没有上传材料' }: { files: readonly ShownFile[]; empty?: string }) {
  if (files.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <Tabs
      size="small"
      destroyOnHidden
      items={files.map((file) => ({
        key: file.key,
        label: file.label,
        children: <InlineFile queryKey={file.queryKey} load={file.load} name={file.name} mime={file.mime} />,
      }))}
    />
  );
}
