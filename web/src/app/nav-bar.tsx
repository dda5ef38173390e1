import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import type { Role } from '@cincy/contracts';
import { BatteryMark } from '../components/battery-mark';
import { useCurrentUser } from '../hooks/use-auth';
import { useDisclosure } from '../hooks/use-disclosure';
import { useLogout } from '../hooks/use-logout';

interface NavItem {
  to: string;
  label: string;
  roles: readonly Role[];
}

/** Admin sees all four links, technician Dispatch and Customers. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dispatch', label: 'Dispatch', roles: ['admin', 'technician'] },
  { to: '/customer-database', label: 'Customers', roles: ['admin', 'technician'] },
  { to: '/inventory', label: 'Inventory', roles: ['admin'] },
  { to: '/user-management', label: 'Users', roles: ['admin'] },
];

const HIDDEN_ON = new Set(['/', '/login']);

const ROLE_LABELS: Record<string, string> = { admin: 'Admin', technician: 'Technician' };

export function NavBar() {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();
  const menu = useDisclosure();

  // Hidden on / and /login; public visitors get the public pages' own headers.
  if (HIDDEN_ON.has(pathname) || !user) return null;

  const links = NAV_ITEMS.filter((item) => item.roles.includes(user.role));

  const onLogout = async () => {
    menu.close();
    await logout.mutateAsync();
    navigate('/');
  };

  return (
    <header className="site-header">
      <nav className="nav" aria-label="Main">
        <Link to="/dispatch" className="brand" onClick={menu.close}>
          <BatteryMark />
          <span>Cincy Battery</span>
        </Link>
        <button className="nav-toggle" {...menu.buttonProps}>
          <span className="nav-toggle-bars" aria-hidden="true" />
          <span>Menu</span>
        </button>
        <div id={menu.regionId} className={`nav-menu${menu.open ? ' is-open' : ''}`}>
          <ul className="nav-links">
            {links.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className="nav-link" onClick={menu.close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <div className="nav-user">
            <span className="nav-user-name">{user.name}</span>
            <span className={`role-badge role-${user.role}`}>
              {ROLE_LABELS[user.role] ?? user.role}
            </span>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={onLogout}
              disabled={logout.isPending}
            >
              Logout
            </button>
          </div>
        </div>
      </nav>
    </header>
  );
}
