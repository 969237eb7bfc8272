import type { ReactNode } from 'react';
import { Alert, Button, Result, Space } from 'antd';

/** A page or a list that failed to load, in its place: what failed, why (when the page tells), 重新加载. */
export function LoadFailed({ title, error, retry }: { title: string; error?: unknown; retry(): void }) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={error instanceof Error ? error.message : undefined}
      extra={<Button onClick={retry}>重新加载</Button>}
    />
  );
}

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
