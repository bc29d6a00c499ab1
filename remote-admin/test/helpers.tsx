/** Helpers for the admin remote's tests, which run against the real API (tools/jest/real-api.js) and its demo seed. */
import { createServer } from 'node:net';
import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { setRuntimeConfig, type User } from '@loyalty/shared';
import { renderWithProviders } from '@loyalty/shared/testing';

export const API = process.env.TEST_API_URL!;
export const DASHBOARD_BASE_URL = 'https://dashboard.example.it';
export const LANDING_BASE_URL = 'https://carte.example.it';
export const SUPPORT = { email: 'supporto@example.it', phone: '+39 02 1234 5678' };

export const DEMO_ADMIN = { email: 'admin@demo.it', password: 'Admin2026!' };
export const DEMO_SUPERADMIN = { email: 'superadmin@demo.it', password: 'SuperAdmin2026!' };
export type Account = { email: string; password: string };

/** Runtime configuration pointing at the real test API. */
export function configureTestRuntime(apiBaseUrl = `${API}/api`) {
  setRuntimeConfig({ apiBaseUrl, brandName: 'Appo', dashboardBaseUrl: DASHBOARD_BASE_URL, landingBaseUrl: LANDING_BASE_URL, support: SUPPORT });
}

/** An API base URL on which nothing listens: every call fails without a response. */
export async function unreachableApiBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api`;
}

/** Calls the real API directly (set-up and checks outside the UI). */
export async function callApi<T>(path: string, init: { method?: string; token?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${API}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export async function logIn(account: Account): Promise<{ token: string; user: User }> {
  const { status, body } = await callApi<{ token: string; user: User }>('/auth/login', { method: 'POST', body: account });
  if (status !== 200) throw new Error(`login of ${account.email} failed: HTTP ${status}`);
  return body;
}

let counter = 0;
/** A unique e-mail address per call, so tests never collide on the shared database. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.it`;
}

/** A fresh admin (made by the super admin through the API), for tests that change what they own. */
export async function createAdmin(password = 'Password2026!'): Promise<Account & { id: string }> {
  const { token } = await logIn(DEMO_SUPERADMIN);
  const email = uniqueEmail('admin');
  const { status, body } = await callApi<{ id: string }>('/users', {
    method: 'POST',
    token,
    body: { email, full_name: 'Admin di Prova', role: 'admin', password },
  });
  if (status !== 201) throw new Error(`admin creation failed: HTTP ${status}`);
  return { email, password, id: body.id };
}

function LocationProbe() {
  const location = useLocation();
  return <output aria-label="posizione">{location.pathname + location.search}</output>;
}

export const currentLocation = () => screen.getByRole('status', { name: 'posizione' }).textContent;

/**
 * Renders a screen at `path` as the shell does, signed in as `account` (token stored, session set),
 * with a /dashboard route to land on after a redirect.
 */
export async function renderSignedIn(element: ReactElement, path: string, account: Account) {
  const { token, user } = await logIn(account);
  localStorage.setItem('token', token);
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={element} />
        <Route path="/dashboard" element={<h1>Panoramica</h1>} />
      </Routes>
      <LocationProbe />
    </>,
    { route: path, preloadedState: { session: { user, loading: false, checked: true } } },
  );
  return { ...rendered, token, signedInUser: user };
}
