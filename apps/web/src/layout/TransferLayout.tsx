import { Breadcrumb } from 'antd';
import { Link, Outlet } from 'react-router';
import { useRouteHandle } from '../lib/route-handle';
import { Emblem } from '../components/Emblem';
import { ProductTitle } from '../components/ProductTitle';
import './transfer.css';

/**
 * Layout of every path containing /transfer (R12): services that belong to the medical-insurance
 * system. The breadcrumb starts at 网上经办, or 业务查询 for medical-insurance query pages.
 */
export default function TransferLayout() {
  const handle = useRouteHandle();
  const head = handle?.transferGroup ?? '业务查询';
  return (
    <div className="transfer-layout">
      <header className="transfer-layout__header">
        <Link to="/Home" className="transfer-layout__brand">
          <Emblem size={32} />
          <span className="title-words">
            <ProductTitle />
          </span>
        </Link>
        <Link to="/Home" className="transfer-layout__back">
          返回网上服务大厅
        </Link>
      </header>
      <div className="transfer-layout__body page-wide">
        <Breadcrumb
          className="transfer-layout__crumbs"
          data-testid="transfer-breadcrumb"
          items={[{ title: head }, { title: handle?.meta.title }]}
        />
        <Outlet />
      </div>
    </div>
  );
}
