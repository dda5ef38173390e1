import { Button, ConfigProvider, Drawer, Grid, Menu, Tag } from 'antd';
import { useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import type { Role } from '@cincy/contracts';
import { BatteryMark } from '../../../components/battery-mark';
import { useCurrentUser } from '../../../hooks/use-auth';
import { useLogout } from '../../../hooks/use-logout';
import { SECURITY_PATH } from '../../../lib/login-step';
import { STAFF_THEME } from './staff-theme';
import './staff-nav.css';

interface NavItem {
  to: string;
  label: string;
  roles: readonly Role[];
}

/** Admin sees every link, technician Dispatch and Customers. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/dispatch', label: 'Dispatch', roles: ['admin', 'technician'] },
  { to: '/customer-database', label: 'Customers', roles: ['admin', 'technician'] },
  { to: '/inventory', label: 'Inventory', roles: ['admin'] },
  { to: '/day', label: 'Day', roles: ['admin'] },
  { to: '/schedules', label: 'Schedules', roles: ['admin'] },
  { to: '/messages', label: 'Messages', roles: ['admin'] },
  { to: '/reports', label: 'Reports', roles: ['admin'] },
  { to: '/user-management', label: 'Users', roles: ['admin'] },
];

/** A shield: the Security page (two-step sign-in, passkeys, sessions). */
function ShieldIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Zm-1 13.4-3.7-3.7 1.4-1.4 2.3 2.3 4.9-4.9 1.4 1.4-6.3 6.3Z"
        fill="currentColor"
      />
    </svg>
  );
}

export const ROLE_COLORS: Record<Role, string> = { admin: 'purple', technician: 'blue' };
const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', technician: 'Technician' };

/**
 * The signed-in user's navigation: links by role, their name and role, their Security page, Logout. On a phone the
 * links fold into a drawer behind 'Menu'. Loaded only once someone is signed in (antd).
 */
export function StaffNav() {
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const logout = useLogout();
  const wide = Grid.useBreakpoint().md ?? true;
  const [open, setOpen] = useState(false);
  if (!user) return null;

  const items = NAV_ITEMS.filter((item) => item.roles.includes(user.role)).map((item) => ({
    key: item.to,
    label: (
      <NavLink to={item.to} onClick={() => setOpen(false)}>
        {item.label}
      </NavLink>
    ),
  }));
  const selected = items.filter((item) => pathname.startsWith(item.key)).map((item) => item.key);
  const onLogout = async () => {
    setOpen(false);
    await logout.mutateAsync();
    navigate('/');
  };
  const who = (
    <div className="staff-nav-user">
      <span className="staff-nav-name">{user.name}</span>
      <Tag color={ROLE_COLORS[user.role]}>{ROLE_LABELS[user.role]}</Tag>
      <Link
        to={SECURITY_PATH}
        className="staff-nav-account"
        aria-label="Security"
        title="Security: two-step sign-in, passkeys, where you're signed in"
        aria-current={pathname === SECURITY_PATH ? 'page' : undefined}
        onClick={() => setOpen(false)}
      >
        <ShieldIcon />
        {/* In the bar an icon only: the links beside it need the room. */}
        {!wide && <span>Security</span>}
      </Link>
      <Button onClick={onLogout} loading={logout.isPending} ghost={wide}>
        Logout
      </Button>
    </div>
  );

  return (
    <ConfigProvider theme={STAFF_THEME}>
      <header className="staff-nav">
        <nav className="staff-nav-bar" aria-label="Main">
          <Link to="/dispatch" className="staff-nav-brand">
            <BatteryMark />
            <span>Cincy Battery</span>
          </Link>
          {wide ? (
            <>
              <Menu
                mode="horizontal"
                theme="dark"
                items={items}
                selectedKeys={selected}
                className="staff-nav-menu"
              />
              {who}
            </>
          ) : (
            <>
              <Button
                className="staff-nav-toggle"
                ghost
                aria-expanded={open}
                onClick={() => setOpen(true)}
              >
                Menu
              </Button>
              <Drawer title="Menu" placement="right" open={open} onClose={() => setOpen(false)}>
                <Menu mode="vertical" items={items} selectedKeys={selected} />
                {who}
              </Drawer>
            </>
          )}
        </nav>
      </header>
    </ConfigProvider>
  );
}
