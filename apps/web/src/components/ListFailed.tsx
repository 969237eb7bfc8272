import type { ReactNode } from 'react';
import { Alert, Button, Space } from 'antd';

/**
 * A list that failed with nothing to show, in place of its table: what failed, why (when the
 * page tells), 重新加载, and the page's other way out (`also`) under it.
 */
export function ListFailed({ title, error, retry, also }: { title: string; error?: unknown; retry(): void; also?: ReactNode }) {
  const again = (
    <Button size="small" onClick={retry}>
      重新加载
    </Button>
  );
  return (
    <Alert
      type="warning"
      showIcon
      title={title}
      description={error instanceof Error ? error.message : undefined}
      action={
        also ? (
          <Space direction="vertical">
            {again}
            {also}
          </Space>
        ) : (
          again
        )
      }
    />
  );
}
