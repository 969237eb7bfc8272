import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderInShell } from '../../../test/render';
import { SubFormDrawer } from './SubFormDrawer';

vi.mock('../../../lib/request', () => ({ request: { call: vi.fn() } }));

describe('新增企业', () => {
  it('says the account rule it checks (8-20 letters and digits, both)', async () => {
    renderInShell(<SubFormDrawer open editing={null} noun="企业" onClose={() => {}} onSaved={() => {}} />);
    expect(await screen.findByText('8-20位，只能是字母和数字，且须同时包含字母和数字；企业凭此账号和短信收到的初始密码登录')).toBeTruthy();
  });
});
