import { Button, Table, Tag } from 'antd';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { BureauColumn } from '@hall/shared/bureau-files.ts';

/** The template: the header row alone, as CSV with a BOM so Excel opens it in UTF-8. */
function downloadTemplate(columns: readonly BureauColumn[], fileName: string) {
  const blob = new Blob([`\uFEFF${columns.map((c) => c.header).join(',')}\n`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The columns the file must have (the server's own list, shared), and the template to start from. */
export function ColumnHelp({ columns, templateName }: { columns: readonly BureauColumn[]; templateName: string }) {
  return (
    <div className="file-load__help" data-testid="column-help">
      <p>
        第一行为表头，列的顺序不限，多余的列不读。
        <Button type="link" size="small" icon={<DownloadOutlined />} onClick={() => downloadTemplate(columns, templateName)}>
          下载模板
        </Button>
      </p>
      <Table<BureauColumn>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={[...columns]}
        columns={[
          { title: '列名', dataIndex: 'header' },
          {
            title: '是否必需',
            key: 'required',
            width: 100,
            render: (_: unknown, column) => (column.required === false ? <Tag>可缺</Tag> : <Tag color="blue">必需</Tag>),
          },
        ]}
      />
    </div>
  );
}
