import { authCalls } from '@hall/shared/contracts/auth.ts';
import type { CallInput } from '@hall/shared/contracts/define.ts';
import { request } from '../../../lib/request';

/** Unit login; the whole answer, because code 600067 (information incomplete) is a result. */
export const loginUnit = (form: CallInput<typeof authCalls.unitLogin>) => request.call(authCalls.unitLogin, form);

export const loginPersonal = (form: CallInput<typeof authCalls.personalLogin>) => request.call(authCalls.personalLogin, form);

/** POST updatePassword {uact, oldPwd, pwd}; personal users send their certNo as uact. */
export const updatePassword = (form: CallInput<typeof authCalls.updatePassword>) => request.call(authCalls.updatePassword, form);
