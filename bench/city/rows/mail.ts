/** Three messages for every unit (the first read), and qydw92101's big inbox after them. */
import { type Cell, line } from '../copy';
import { dayOf } from '../shape';
import { at, type CityBase } from './base';

const MAIL: Array<[string, string]> = [
  ['年度互助申报提醒', '新年度职工医疗互助申报已开始，请在截止日前完成申报与缴费。'],
  ['互助金到账通知', '本月互助待遇已发放至职工银行卡，请通知职工查收。'],
  ['补助申请审核结果', '贵单位提交的补助申请已审核，请登录系统查看结果。'],
  ['系统维护公告', '系统将于周六凌晨进行维护，期间暂停服务。'],
];

export const mailRows = (city: CityBase) => city.units * city.c.shape.mailPerUnit + city.c.shape.heavyMail;
export const mailColumns = ['id', 'recipient_kind', 'recipient_key', 'title', 'content', 'sender', 'read_flag', 'created_at', 'read_at'];
export const mailRow = (city: CityBase, m: number) => {
  const perUnit = city.units * city.c.shape.mailPerUnit;
  const heavy = m >= perUnit;
  const key = heavy ? city.c.heavy.uact : city.uactOf(Math.floor(m / city.c.shape.mailPerUnit));
  const read = heavy ? m % 10 < 3 : m % city.c.shape.mailPerUnit === 0;
  const [title, content] = MAIL[m % MAIL.length];
  // Oldest first, so that ids grow with time as the app's own mail does.
  const sent = dayOf(city.c.year, Math.floor((m / mailRows(city)) * Math.max(1, city.todayNo - 1)));
  return line([
    city.c.base.mail + m,
    'unit',
    key,
    title,
    content,
    '长沙市总工会',
    read ? '1' : '0',
    at(sent),
    read ? at(sent, '18:00:00') : null,
  ] satisfies Cell[]);
};
