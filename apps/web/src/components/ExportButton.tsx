import { Button } from 'antd';
import { ExportOutlined } from '@ant-design/icons';

/** 导出 a list as filtered (an Excel download through its change): busy while it runs, off for an empty list. */
export function ExportButton<I>(o: {
  exporting: { isPending: boolean; mutate(input: I): void };
  input: I;
  disabled: boolean;
  testId: string;
  text?: string;
}) {
  return (
    <Button
      icon={<ExportOutlined />}
      loading={o.exporting.isPending}
      onClick={() => o.exporting.mutate(o.input)}
      disabled={o.disabled}
      data-testid={o.testId}
    >
      {o.text ?? '导出'}
    </Button>
  );
}
