import { Link } from 'react-router';
import { PublicFrame } from '../components/form/PublicFrame';
// biome-ignore lint/suspicious/noImportCycles: the route table loads this page lazily (a chunk), never at module load
import { MENU_GROUPS, type PageRoute, type Role, layoutRoutes, transferRoutes } from './routes';
import './service-catalog.css';

const ROLE_NAMES: Record<Role, string> = {
  unit: '单位',
  union92: '联合工会',
  union93: '行业工会',
  union99: '独立工会',
  personal: '个人',
};

/** Who may use a service, in words: 单位 (every unit role), 个人, or the union types that have it. */
function whoOf(route: PageRoute): string {
  const roles = route.roles ?? [];
  const units = roles.filter((r) => r !== 'personal');
  const parts = units.length === 4 ? ['单位'] : units.map((r) => ROLE_NAMES[r]);
  if (roles.includes('personal')) parts.push('个人');
  return parts.join('、');
}

interface Service {
  path: string;
  title: string;
  who: string;
}

/** One entry per title within a group (a title two roles reach by different paths is listed once per path). */
function servicesOf(routes: readonly PageRoute[]): Service[] {
  const seen = new Set<string>();
  return routes
    .filter((r) => !r.path.includes(':') && !r.path.includes('*'))
    .filter((r) => !seen.has(r.path) && seen.add(r.path))
    .map((r) => ({ path: r.path, title: r.meta.title, who: whoOf(r) }));
}

/**
 * /allopatrySearch (R11): the service catalogue of the older header. Lists every service of the
 * hall by group, from the route table (so it never drifts from the menus), each a link: through
 * /login?redirect=, which opens the page at once for a signed-in user and after login otherwise.
 * It lives in app/ beside the table it reads (features do not import app/).
 */
export default function ServiceCatalogPage() {
  const groups = [
    ...MENU_GROUPS.map((group) => ({ group, services: servicesOf(layoutRoutes.filter((r) => r.group === group)) })),
    ...(['网上经办', '业务查询'] as const).map((g) => ({
      group: `医保关联业务 · ${g}`,
      services: servicesOf(transferRoutes.filter((r) => r.transferGroup === g)),
    })),
  ].filter((g) => g.services.length > 0);
  return (
    <PublicFrame title="服务目录">
      <div className="service-catalog" data-testid="service-catalog">
        {groups.map(({ group, services }) => (
          <section key={group} className="service-catalog__group">
            <h3>{group}</h3>
            <ul>
              {services.map((s) => (
                <li key={s.path}>
                  <Link to={`/login?redirect=${encodeURIComponent(s.path)}`} data-testid={`service-${s.path}`}>
                    {s.title}
                  </Link>
                  {s.who ? <span className="service-catalog__who">（{s.who}）</span> : null}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <p style={{ marginTop: 24 }}>
        以上业务需登录后办理，<Link to="/gatePage">前往登录</Link>。
      </p>
    </PublicFrame>
  );
}
