import type { Role } from '../../domain/types';
import { hasPermission, isAdmin, isStaff, isSuperAdmin, ROLE_LABELS, type Permission } from '../permissions';

const as = (role: Role) => ({ role });

describe('role checks', () => {
  it.each([
    ['client', false, false],
    ['staff', false, false],
    ['admin', true, false],
    ['super_admin', true, true],
  ] as const)('%s: admin %s, super admin %s', (role, admin, superAdmin) => {
    expect(isAdmin(as(role))).toBe(admin);
    expect(isSuperAdmin(as(role))).toBe(superAdmin);
  });

  it('nobody logged in is neither', () => {
    expect(isAdmin(null)).toBe(false);
    expect(isSuperAdmin(undefined)).toBe(false);
  });

  it('labels roles in Italian', () => {
    expect(ROLE_LABELS).toEqual({ client: 'Cliente', staff: 'Operatore di cassa', admin: 'Admin', super_admin: 'Super Admin' });
  });
});

describe('permission matrix: the screens and actions each role may use', () => {
  const everyUser: Permission[] = [
    'overview',
    'loyalty-cards',
    'campaigns',
    'easy-sms',
    'documentation',
    'settings-password',
  ];
  const superAdminOnly: Permission[] = ['users-management', 'service-configuration'];

  it.each(everyUser)('%s is granted to every logged-in role', (permission) => {
    expect(hasPermission(as('client'), permission)).toBe(true);
    expect(hasPermission(as('admin'), permission)).toBe(true);
    expect(hasPermission(as('super_admin'), permission)).toBe(true);
  });

  it.each(superAdminOnly)('%s is granted to super_admin only', (permission) => {
    expect(hasPermission(as('client'), permission)).toBe(false);
    expect(hasPermission(as('admin'), permission)).toBe(false);
    expect(hasPermission(as('super_admin'), permission)).toBe(true);
  });

  // Decision 070: the counter's staff use the cards and their own password, nothing else.
  it.each([...everyUser, ...superAdminOnly])('%s for staff only when it is the counter’s', (permission) => {
    expect(isStaff(as('staff'))).toBe(true);
    expect(hasPermission(as('staff'), permission)).toBe(permission === 'loyalty-cards' || permission === 'settings-password');
  });

  it.each([...everyUser, ...superAdminOnly])('%s is refused when nobody is logged in', (permission) => {
    expect(hasPermission(null, permission)).toBe(false);
  });
});
