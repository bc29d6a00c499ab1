import { loginPathFor, safeRedirectPath } from '../safeRedirect';

describe('safeRedirectPath (decision 071)', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/', '/dashboard/'],
    ['/dashboard/add-points?card_id=c1&user_id=u1', '/dashboard/add-points?card_id=c1&user_id=u1'],
    ['/dashboard/campaigns#top', '/dashboard/campaigns'],
    ['/dashboard?business=b1', '/dashboard?business=b1'],
  ])('keeps the dashboard path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    '//evil.example/dashboard',
    '///evil.example',
    'https://evil.example/dashboard',
    'http:/dashboard',
    'javascript:alert(1)',
    '/\\evil.example',
    '/\\/evil.example',
    '\\\\evil.example',
    '/%2F%2Fevil.example',
    '/%2fdashboard',
    '/dashboard/%2e%2e/%2fevil',
    '/%5cevil.example',
    '/dashboard%5c..%5cevil',
    '/\tevil',
    '/%09/evil.example',
    '/dashboard/../login',
    '/dashboard/%2e%2e/login',
    '/dashboard/.%2E/login',
    '/dashboard/../../evil',
    '/dashboardx',
    '/login',
    '/',
    'dashboard',
    '',
    ' /dashboard',
    '/dashboard\n//evil',
    '/%252f%252fevil',
  ])('refuses %j', (input) => {
    expect(safeRedirectPath(input)).toBeNull();
  });

  it('refuses what is not a string or is absurdly long', () => {
    expect(safeRedirectPath(null)).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
    expect(safeRedirectPath(['/dashboard'])).toBeNull();
    expect(safeRedirectPath(`/dashboard/${'a'.repeat(2000)}`)).toBeNull();
  });

  it('builds the login URL that comes back', () => {
    expect(loginPathFor('/dashboard/add-points?card_id=c1&user_id=u1')).toBe('/login?next=%2Fdashboard%2Fadd-points%3Fcard_id%3Dc1%26user_id%3Du1');
    expect(loginPathFor('/dashboard')).toBe('/login');
    expect(loginPathFor('//evil')).toBe('/login');
  });
});
