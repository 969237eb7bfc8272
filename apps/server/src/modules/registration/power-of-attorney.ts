import { type PowerOfAttorneyRequest, cityUnion } from '@hall/shared';

export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const BLANK = '________________________';
const FONT = { ascii: 'Times New Roman', hAnsi: 'Times New Roman', eastAsia: '宋体' };

type Docx = typeof import('docx');

const line = (docx: Docx, text: string, options: { bold?: boolean; indent?: boolean; align?: 'center' | 'right'; size?: number } = {}) =>
  new docx.Paragraph({
    alignment:
      options.align === 'center'
        ? docx.AlignmentType.CENTER
        : options.align === 'right'
          ? docx.AlignmentType.RIGHT
          : docx.AlignmentType.LEFT,
    indent: options.indent ? { firstLine: 560 } : undefined,
    spacing: { line: 400, after: 80 },
    children: [new docx.TextRun({ text, bold: options.bold, size: options.size ?? 28, font: FONT })],
  });

const field = (docx: Docx, label: string, value: string | undefined) => line(docx, `${label}：${value || BLANK}`);

/**
 * The 授权委托书 a public-bidding unit prints, signs, stamps and uploads with its registration:
 * a real Word document filled with the unit's data; the agent's lines stay blank for the pen.
 */
export async function powerOfAttorney(input: PowerOfAttorneyRequest, city: string, today: Date): Promise<Buffer> {
  // Loaded when a unit asks for the document, not at start (docx is a large module).
  const docx = await import('docx');
  const hall = `${cityUnion(city)}职工医疗互助网上服务大厅`;
  const date = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: 'long', day: 'numeric' }).format(
    today,
  );
  const doc = new docx.Document({
    creator: hall,
    title: `授权委托书（${input.empName}）`,
    styles: { default: { document: { run: { font: FONT, size: 28 } } } },
    sections: [
      {
        children: [
          line(docx, '授权委托书', { bold: true, align: 'center', size: 44 }),
          line(docx, ''),
          line(docx, `致：${cityUnion(city)}`),
          line(
            docx,
            `兹授权委托下列人员为我单位经办人，代表我单位在${hall}办理单位注册、互助申请、缴费、补助申请及相关查询业务。经办人在上述权限内办理的事项和签署的文件，我单位均予承认，并承担相应的法律责任。经办人无转委托权。`,
            { indent: true },
          ),
          line(docx, '一、委托单位', { bold: true }),
          field(docx, '单位名称', input.empName),
          field(docx, '统一社会信用代码', input.uscc?.toUpperCase()),
          field(docx, '单位地址', input.empAddr),
          field(docx, '注册账号', input.empUact),
          field(docx, '法定代表人', input.legentName),
          field(docx, '法定代表人身份证号码', input.entLegrepIdcard?.toUpperCase()),
          field(docx, '联系电话', input.legentTel),
          line(docx, '二、受托人（经办人）', { bold: true }),
          field(docx, '姓名', undefined),
          field(docx, '身份证号码', undefined),
          field(docx, '手机号码', undefined),
          line(docx, '三、委托期限', { bold: true }),
          line(docx, '自______年____月____日起至______年____月____日止。'),
          line(docx, ''),
          line(docx, '委托单位（盖章）：', { align: 'right' }),
          line(docx, '法定代表人（签字或盖章）：', { align: 'right' }),
          line(docx, '受托人（签字）：', { align: 'right' }),
          line(docx, '日期：______年____月____日', { align: 'right' }),
          line(docx, ''),
          line(docx, `本委托书由${hall}于${date}生成。请打印后签字盖章，扫描或拍照上传。`, { size: 20 }),
        ],
      },
    ],
  });
  return docx.Packer.toBuffer(doc);
}
