import { useState } from 'react';
import { messages } from '@hall/shared/validation/messages.ts';
import { toast } from '../../lib/feedback';
import { sessionAccount, type Session } from '../../lib/storage';
import { updatePassword } from './api/auth-api';
import { signOutAfterPasswordChange } from '../../lib/sign-out';

/**
 * Password change for the signed-in user. Success: 修改成功, then logout and the gateway after
 * two seconds (R31). A refusal (code ≠ 0) has been shown by the request client (R56).
 */
export function useChangePassword(session: Session) {
  const [state, setState] = useState<'idle' | 'saving' | 'done'>('idle');
  async function change({ oldPwd, pwd }: { oldPwd: string; pwd: string }) {
    setState('saving');
    try {
      await updatePassword({ uact: sessionAccount(session), oldPwd, pwd });
    } catch {
      setState('idle');
      return;
    }
    setState('done');
    toast.success(messages.passwordChanged);
    await signOutAfterPasswordChange(session.loginType);
  }
  return { change, saving: state === 'saving', done: state === 'done' };
}
