import { useEffect, type ReactNode } from 'react';
import { Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { productTitle } from '../lib/config';
import { formatDateTime } from '../lib/format';
import './print.css';

/**
 * /print's sheet: a document alone on an A4 page with a print style sheet (everything but the
 * document is hidden on paper), a toolbar with 返回 and 打印. Each printable document (注册回执,
 * 缴费通知单…) renders inside it; `printable` false keeps 打印 off while there is nothing to print.
 */
export function PrintSheet({
  title,
  printable,
  children,
  back = '/gatePage',
}: {
  title: string;
  printable: boolean;
  children: ReactNode;
  /** Where 返回 goes when there is no history (a printed page opened directly). */
  back?: string;
}) {
  const navigate = useNavigate();
  useEffect(() => {
    document.body.classList.add('print-mode');
    return () => document.body.classList.remove('print-mode');
  }, []);
  const printedAt = formatDateTime(Date.now());
  return (
    <div className="print-page" data-testid="print-page">
      <div className="print-toolbar no-print">
        <Button type="link" onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(back))} style={{ paddingInline: 0 }}>
          ‹ 返回
        </Button>
        <span className="print-toolbar__title">{title}</span>
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} disabled={!printable} data-testid="print-button">
          打印
        </Button>
      </div>
      <article className="print-doc" data-testid="print-document">
        <header className="print-doc__head">{productTitle}</header>
        {children}
        <footer className="print-doc__foot">打印时间：{printedAt}</footer>
      </article>
    </div>
  );
}
