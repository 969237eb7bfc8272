/**
 * Chinese messages of the validation rules (spec §5, GLOSSARY.md "Messages").
 * Screens, the server and tests all take their wording from here.
 */
export const messages = {
  /** Agent registration refusals the portal reacts to (the existing-account alert, the no-phone notice). */
  agentExists: '该证件号码已注册，请直接登录',
  agentNoPhoneOnRecord: '您的证件号码已在职工登记信息中，但未登记手机号码，请联系所在单位或市总工会核实后再注册',
  account: '请输入8-20位字符，必须由数字和字母组成',
  regAccount: '请输入2-14位字符，必须包含字母',
  mobile: '请输入正确的手机号码',
  password: '请输入8-16位密码，应由数字和字母组成',
  email: '请输入正确的邮箱地址',
  contactPhone: '请输入正确的联系电话',
  postalCode: '请输入正确的邮政编码',
  number: '请输入正确的数字',
  rate: '请输入正确的费率',
  passport: '请输入正确的护照号码',
  officerCard: '请输入正确的军官证号码',
  hkMacaoPass: '请输入正确的港澳通行证号码',
  taiwanPass: '请输入正确的台湾通行证号码',
  positiveReal: '请输入正实数，最多保留两位小数',
  idCard: '请输入正确的身份证号码',
  uscc: '请输入正确的统一社会信用代码',
  certNo: '请输入正确的证件号码',
  /** 字段长度不能超过N; the presets are 20 and 500 (see LENGTH_PRESETS). */
  maxLength: (n: number) => '字段长度不能超过' + n,
  startAfterEnd: '开始时间不能大于结束时间',
  endBeforeStart: '结束时间不能小于开始时间',
  /** Required date field: 请选择{字段}. */
  selectDate: (field: string) => '请选择' + field,
  dateReported: '该日期已申报',
  newPasswordEmpty: '新登录密码不能为空',
  passwordFormat: '密码格式错误',
  repeatPasswordEmpty: '请再次输入新密码',
  passwordMismatch: '两次输入密码不一致',
  passwordChanged: '修改成功',
  /** Required text field: 请输入{字段}. */
  required: (label: string) => '请输入' + label,
  requestTimeout: '请求超时，请稍后重试',
  /** 下载失败：{错误信息} */
  downloadFailed: (error: string) => '下载失败：' + error,
} as const;

export type Messages = typeof messages;
