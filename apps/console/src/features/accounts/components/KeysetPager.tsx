import { Button, Space } from 'antd';

interface Props {
  /** Whether the page shown is not the first (`after` in the URL). */
  paged: boolean;
  next: number | null | undefined;
  onPage(after?: number): void;
  testId: string;
}

/** 第一页 / 下一页 of a list paged by keyset (the page is `after` in the URL, so 后退 returns to the one before). */
export function KeysetPager({ paged, next, onPage, testId }: Props) {
  return (
    <Space wrap style={{ marginTop: 12 }}>
      <Button disabled={!paged} onClick={() => onPage()} data-testid={`${testId}-first`}>
        第一页
      </Button>
      <Button disabled={!next} onClick={() => onPage(next ?? undefined)} data-testid={`${testId}-next`}>
        下一页
      </Button>
    </Space>
  );
}
