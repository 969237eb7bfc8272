import { Alert, Button } from 'antd';

interface Props {
  /** What failed to load, e.g. 待缴费申请. */
  what: string;
  error: Error;
  onRetry(): void;
}

/** A list that did not load: the server's message and 重新加载 (the lists of every area). */
export function LoadFailed({ what, error, onRetry }: Props) {
  return (
    <Alert
      type="warning"
      showIcon
      title={`${what}加载失败`}
      description={error.message}
      action={
        <Button size="small" onClick={onRetry}>
          重新加载
        </Button>
      }
    />
  );
}
