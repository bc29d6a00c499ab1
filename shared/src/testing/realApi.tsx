/**
 * Helpers for remote tests that run against the real API started by tools/jest/real-api.js (demo seed):
 * accounts, direct API calls, a fresh admin with its own business, public signups, a location probe,
 * a screen rendered signed in as the shell would.
 */
import { createServer } from 'node:net';
import type { ReactElement } from 'react';
import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { DEFAULT_BRAND_NAME, setRuntimeConfig, type LoginResponse, type RootState, type RuntimeConfig } from '../index';
import { renderWithProviders } from './renderWithProviders';

export const API = process.env.TEST_API_URL!;
export const DASHBOARD_BASE_URL = 'https://dashboard.example.it';
export const SUPPORT = { email: 'supporto@example.it', phone: '+39 02 1234 5678' };

export const DEMO_ADMIN = { email: 'admin@demo.it', password: 'Admin2026!' };
export const DEMO_SUPERADMIN = { email: 'superadmin@demo.it', password: 'SuperAdmin2026!' };
export type Account = { email: string; password: string };

/** Runtime configuration pointing at the real test API (or at `apiBaseUrl`), plus what a package adds. */
export function configureTestRuntime(apiBaseUrl = `${API}/api`, extra: Partial<RuntimeConfig> = {}) {
  setRuntimeConfig({ apiBaseUrl, brandName: DEFAULT_BRAND_NAME, dashboardBaseUrl: DASHBOARD_BASE_URL, support: SUPPORT, ...extra });
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
export async function callApi<T>(path: string, init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${API}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export async function logIn(account: Account): Promise<LoginResponse> {
  const { status, body } = await callApi<LoginResponse>('/auth/login', { method: 'POST', body: account });
  if (status !== 200) throw new Error(`login of ${account.email} failed: HTTP ${status}`);
  return body;
}

let counter = 0;
/** A unique suffix per call, so tests never collide on the shared database. */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${Date.now()}-${counter}`;
}

/** A fresh admin (made by the super admin) owning one new business with every service off, for tests that need a clean slate. */
export async function createAdminWithBusiness(): Promise<{ account: Account; token: string; businessId: string }> {
  const { token: superToken } = await logIn(DEMO_SUPERADMIN);
  const account = { email: `${unique('admin')}@example.it`, password: 'Password2026!' };
  const created = await callApi('/users', { method: 'POST', token: superToken, body: { ...account, full_name: 'Admin di Prova', role: 'admin' } });
  if (created.status !== 201) throw new Error(`admin creation failed: HTTP ${created.status}`);
  const { token } = await logIn(account);
  const business = await callApi<{ id: string }>('/business', { method: 'POST', token, body: { name: unique('Negozio') } });
  if (business.status !== 201) throw new Error(`business creation failed: HTTP ${business.status}`);
  return { account, token, businessId: business.body.id };
}

/** A customer's card made through the public signup, as customers do. */
export async function signUpCard(businessId: string, fullName: string, marketingConsent = true): Promise<{ id: string }> {
  const email = `${unique('cliente')}@example.it`;
  const phone = `+39333${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const { status, body } = await callApi<{ id: string }>('/users/loyalty-cards/create', {
    method: 'POST',
    body: { email, full_name: fullName, phone, business_id: businessId, privacy_ack: true, marketing_consent: marketingConsent },
  });
  if (status !== 200) throw new Error(`signup failed: HTTP ${status}`);
  return body;
}

export function LocationProbe() {
  const location = useLocation();
  return <output aria-label="posizione">{location.pathname + location.search + location.hash}</output>;
}

export const currentLocation = () => screen.getByRole('status', { name: 'posizione' }).textContent;

/** Where screens send the user after an action: a heading to find there. */
const LANDING_ROUTES: Record<string, ReactElement> = { '/dashboard': <h1>Panoramica</h1>, '/campaign-success': <h1>Successo</h1> };

export interface RenderSignedInOptions {
  preloadedState?: Partial<RootState>;
  /** Other routes the screen may navigate to (path → what they show); by default the dashboard and the campaign success page. */
  routes?: Record<string, ReactElement>;
  /** The address the screen opens at, when it differs from `path` (e.g. with a query string). */
  initialEntry?: string;
}

/**
 * Renders a screen at `path` as the shell does, signed in as `account` (token stored, session set),
 * with the other routes it may land on and a location probe.
 */
export async function renderSignedIn(
  element: ReactElement,
  path: string,
  account: Account,
  { preloadedState = {}, routes = LANDING_ROUTES, initialEntry = path }: RenderSignedInOptions = {},
) {
  const { token, user } = await logIn(account);
  localStorage.setItem('token', token);
  const rendered = renderWithProviders(
    <>
      <Routes>
        <Route path={path} element={element} />
        {Object.entries(routes).map(([route, shown]) => (
          <Route key={route} path={route} element={shown} />
        ))}
      </Routes>
      <LocationProbe />
    </>,
    { route: initialEntry, preloadedState: { session: { user, loading: false, checked: true }, ...preloadedState } },
  );
  return { ...rendered, token, signedInUser: user };
}
