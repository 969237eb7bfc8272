import { useEffect, useState } from 'react';
import './components.css';
import { Alert, Button, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';

interface Props {
  /** Names the bytes for the cache (one query per file). */
  queryKey: readonly unknown[];
  load(): Promise<Blob>;
  name: string;
  mime: string;
}

/**
 * A stored image or PDF shown in the page, never downloaded (issue 19: 补助审核 views the
 * attachments inline): the bytes come with the operator's token as a blob; an image is an <img>,
 * a PDF the browser's viewer in an <iframe>. The object URL lives as long as the view.
 */
export function InlineFile({ queryKey, load, name, mime }: Props) {
  const file = useQuery({ queryKey, queryFn: load, staleTime: Number.POSITIVE_INFINITY });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file.data) return;
    const next = URL.createObjectURL(file.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [file.data]);

  if (file.isError)
    return (
      <Alert
        type="warning"
        showIcon
        title={`${name} 加载失败`}
        description={file.error.message}
        action={
          <Button size="small" onClick={() => void file.refetch()}>
            重新加载
          </Button>
        }
      />
    );
  if (!url) return <Spin className="inline-file__loading" description="正在加载材料" />;
  if (mime.startsWith('image/')) return <img className="inline-file__image" src={url} alt={name} data-testid="inline-image" />;
  return <iframe className="inline-file__frame" src={url} title={name} data-testid="inline-pdf" />;
}
