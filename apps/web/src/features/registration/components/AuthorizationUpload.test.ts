import { describe, expect, it } from 'vitest';
import { authorizationFileProblem } from './AuthorizationUpload';

describe('the signed power of attorney', () => {
  it('PDF, JPG or PNG up to 10 MB, checked before sending', () => {
    expect(authorizationFileProblem({ name: '授权委托书.PDF', size: 2048 })).toBeNull();
    expect(authorizationFileProblem({ name: 'scan.jpeg', size: 2048 })).toBeNull();
    expect(authorizationFileProblem({ name: '授权委托书.docx', size: 2048 })).toBe('仅支持上传 PDF、JPG、PNG 格式的文件');
    expect(authorizationFileProblem({ name: 'scan.png', size: 10 * 1024 * 1024 + 1 })).toBe('文件大小不能超过10MB');
    expect(authorizationFileProblem({ name: 'scan.png', size: 0 })).toBe('请选择要上传的文件');
  });
});
