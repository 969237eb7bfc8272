import { Link } from 'react-router';
import { PublicFrame } from '../components/form/PublicFrame';
// biome-ignore lint/suspicious/noImportCycles: the route table loads this page lazily (a chunk), never at module load
import { MENU_GROUPS, layoutRoutes, transferRoutes } from './routes';
import './service-catalog.css';

/**
 * /allopatrySearch (R11): the service catalogue of the older header. Lists every service of
 * the hall by group, from the route table, so it never drifts from the menus. It lives in app/
 * beside the table it reads (features do not import app/).
 */
export default function ServiceCatalogPage() {
  const seen = new Set<string>();
  const groups = MENU_GROUPS.map((group) => ({
    group,
    titles: layoutRoutes
      .filter((route) => route.group === group && !seen.has(group + route.meta.title) && seen.add(group + route.meta.title))
      .map((route) => route.meta.title),
  }));
  return (
    <PublicFrame title="服务目录">
      <div className="service-catalog">
        {groups.map(({ group, titles }) => (
          <section key={group} className="service-catalog__group">
            <h3>{group}</h3>
            <ul>
              {titles.map((title) => (
                <li key={title}>{title}</li>
              ))}
            </ul>
          </section>
        ))}
        <section className="service-catalog__group">
          <h3>医保关联业务</h3>
          <ul>
            {transferRoutes.map((route) => (
              <li key={route.path}>{route.meta.title}</li>
            ))}
          </ul>
        </section>
      </div>
      <p style={{ marginTop: 24 }}>
        以上业务需登录后办理，<Link to="/gatePage">前往登录</Link>。
      </p>
    </PublicFrame>
  );
}
