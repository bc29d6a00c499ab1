/** Helpers for the remote's tests, which run against the real API (tools/jest/real-api.js). */
import { createServer } from 'node:net';
import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { setRuntimeConfig, type User } from '@loyalty/shared';

export const API = process.env.TEST_API_URL!;
export const DASHBOARD_BASE_URL = 'https://dashboard.example.it';

/** Runtime configuration pointing at the real test API. */
export function configureTestRuntime(apiBaseUrl = `${API}/api`) {
  setRuntimeConfig({
    apiBaseUrl,
    brandName: 'Appo',
    dashboardBaseUrl: DASHBOARD_BASE_URL,
    support: { email: 'supporto@example.it', phone: '+39 02 1234 5678' },
  });
}

/** An API base URL on which nothing listens: every call fails without a response. */
export async function unreachableApiBaseUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/api`;
}

export function LocationProbe() {
  const location = useLocation();
  return <output aria-label="posizione">{location.pathname + location.search + location.hash}</output>;
}

export const currentLocation = () => screen.getByRole('status', { name: 'posizione' }).textContent;

/** Session state once the start-up check is over, as the shell provides it to the remote. */
export function sessionState(user: User | null = null) {
  return { session: { user, loading: false, checked: true } };
}

export const DEMO_ADMIN = { email: 'admin@demo.it', password: 'Admin2026!' };

export const LOGGED_IN_ADMIN: User = {
  id: 'u1',
  email: DEMO_ADMIN.email,
  full_name: 'Marco Bianchi',
  role: 'admin',
  phone: null,
  created_at: '2026-01-01',
};

/**
 * jsdom has no IntersectionObserver: this stand-in records what is observed and lets a test say
 * when it scrolls into view.
 */
export function installIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = [];
  class TestIntersectionObserver {
    constructor(callback: IntersectionObserverCallback) {
      observers.push({ callback, elements: this.elements });
    }
    elements: Element[] = [];
    observe(element: Element) {
      this.elements.push(element);
    }
    unobserve() {}
    disconnect() {
      this.elements.length = 0;
    }
    takeRecords() {
      return [];
    }
  }
  Object.defineProperty(window, 'IntersectionObserver', { configurable: true, writable: true, value: TestIntersectionObserver });
  return {
    observedCount: () => observers.reduce((n, o) => n + o.elements.length, 0),
    scrollIntoView: () => {
      for (const { callback, elements } of observers) {
        const entries = elements.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
        if (entries.length > 0) callback(entries, {} as IntersectionObserver);
      }
    },
  };
}
