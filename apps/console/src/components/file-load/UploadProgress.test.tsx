import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UploadProgress } from './UploadProgress';

describe('UploadProgress: the bytes sent, then the rows the server has read', () => {
  it('says the megabytes while the file goes up', () => {
    render(<UploadProgress progress={{ sent: 5 * 1024 * 1024, size: 20 * 1024 * 1024 }} />);
    expect(screen.getByTestId('load-progress').textContent).toContain('正在上传 5.0 / 20.0 MB');
  });

  it('once all is sent, a staged file: the rows read as the server counts them', () => {
    const { rerender } = render(<UploadProgress progress={{ sent: 100, size: 100 }} checking />);
    expect(screen.getByTestId('load-progress').textContent).toContain('文件已上传，正在逐行检查：请稍候…');
    rerender(<UploadProgress progress={{ sent: 100, size: 100, rows: 123_456 }} checking />);
    expect(screen.getByTestId('load-progress').textContent).toContain('已读取 123,456 行');
  });

  it('once all is sent, a file written at once: 正在逐行导入', () => {
    render(<UploadProgress progress={{ sent: 100, size: 100 }} />);
    expect(screen.getByTestId('load-progress').textContent).toContain('文件已上传，正在逐行导入，请稍候…');
  });
});
