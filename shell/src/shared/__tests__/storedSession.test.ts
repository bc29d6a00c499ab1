import { hasStoredToken, storedTokenSubject } from '../storedSession';

const base64url = (value: string) => Buffer.from(value, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (payload: object) => `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify(payload))}.firma`;
const holding = (token: string | null) => () => ({ getItem: () => token }) as unknown as Storage;

it('reads the user a stored JWT names, base64url and unpadded', () => {
  // «ÿÿ~» and «??>» give '_' and '-' in base64url: the alphabet a browser's atob does not take as it is.
  const subject = 'utente-ÿÿ~??>';
  const token = jwt({ sub: subject, role: 'admin' });
  expect(token.split('.')[1]).toMatch(/[-_]/);
  expect(storedTokenSubject(holding(token))).toBe(subject);
  expect(storedTokenSubject(holding(jwt({ sub: '4f1c2b9e-0000-4000-8000-000000000001' })))).toBe('4f1c2b9e-0000-4000-8000-000000000001');
});

it('names no one for no token, a token that is not a JWT, or one without a text subject', () => {
  expect(storedTokenSubject(holding(null))).toBeNull();
  expect(storedTokenSubject(holding('scaduto'))).toBeNull();
  expect(storedTokenSubject(holding('a.%%%.b'))).toBeNull();
  expect(storedTokenSubject(holding(jwt({ role: 'admin' })))).toBeNull();
  expect(storedTokenSubject(holding(jwt({ sub: 42 })))).toBeNull();
  expect(storedTokenSubject(holding(jwt({ sub: '' })))).toBeNull();
  const blocked = () => {
    throw new DOMException('blocked', 'SecurityError');
  };
  expect(storedTokenSubject(blocked)).toBeNull();
  expect(hasStoredToken(blocked)).toBe(false);
});
