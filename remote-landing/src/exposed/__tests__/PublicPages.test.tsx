/**
 * `./LoginPage`, `./SignupPage` and `./MyCardPage`: where no server composes a public page (a document opened
 * at its path under `npm run dev`, or the landing alone), the federated module renders the same markup as
 * the build-time HTML and runs the same script — bound once, even when React mounts the page twice.
 */
import { screen, waitFor } from '@testing-library/react';
import { renderWithProviders, SUPPORT } from '@loyalty/shared/testing';
import LoginPage from '../LoginPage';
import MyCardPage from '../MyCardPage';
import SignupPage from '../SignupPage';
import { start as startLogin } from '../public-pages/login/login';
import { start as startMyCard } from '../public-pages/my-card/my-card';
import { renderPublicPage } from '../public-pages/render';

const CONFIG = { brandName: 'Appo', support: SUPPORT };

/** React's own ids (`useId`, which TextField uses to link a label): they differ between renders by design. */
const REACT_ID = /^_r_[0-9a-z]+_$/i;

/**
 * The page's elements in order, each with its id, name, role and `data-*` hooks (not the script's
 * `data-bound`), and its text: what the script binds to and what a person reads. A `<template>`'s content is
 * left out (React in the browser writes it as the element's children, the HTML parser into its content).
 */
function shape(root: Element): string[] {
  const copy = root.cloneNode(true) as Element;
  for (const template of copy.querySelectorAll('template')) template.replaceChildren();
  return [...copy.querySelectorAll('*')]
    .map((el) => {
      const hooks = el.getAttributeNames().filter((name) => (name.startsWith('data-') && name !== 'data-bound') || name === 'id' || name === 'name' || name === 'role');
      const value = (name: string) => (name === 'id' && REACT_ID.test(el.id) ? 'react-id' : el.getAttribute(name));
      return `${el.tagName.toLowerCase()}${hooks.map((name) => `[${name}=${value(name)}]`).join('')}`;
    })
    .concat(copy.textContent ?? '');
}

/** The build-time HTML of a page, parsed. */
function built(name: string, path: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = renderPublicPage(name, path, CONFIG).html;
  return box;
}

/** Answers the page's own calls: the run-time configuration, and the shop's public lookup. */
function fakeApi() {
  return jest.spyOn(global, 'fetch').mockImplementation((input) => {
    const url = String(input);
    if (url.endsWith('/runtime-config.json')) return Promise.resolve(Response.json({ apiBaseUrl: '/api', ...CONFIG }));
    if (url.endsWith('/api/business/default-business-id')) return Promise.resolve(Response.json([{ id: 'default-business-id', name: 'Bar Centrale' }]));
    return Promise.resolve(Response.json({ error: 'Risorsa non trovata' }, { status: 404 }));
  });
}

const configCalls = (fetchSpy: jest.SpyInstance) => fetchSpy.mock.calls.filter(([url]) => String(url).endsWith('/runtime-config.json'));

beforeEach(() => localStorage.setItem('cookiePrefs', JSON.stringify({ essential: true, analytics: false, marketing: false })));
afterEach(() => localStorage.clear());

it('./LoginPage: the login page’s markup, whose form the page script checks, bound once', async () => {
  const fetchSpy = fakeApi();
  const expected = shape(built('login', '/login'));
  const { container, user } = renderWithProviders(<LoginPage />, { route: '/login', withNotifications: false });
  expect(shape(container)).toEqual(expected);
  await user.click(screen.getByRole('button', { name: 'Accedi' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Inserisci email e password.');
  // Bound once: a second start (a second mount) binds nothing again and asks for no second configuration.
  startLogin(document);
  expect(configCalls(fetchSpy)).toHaveLength(1);
});

it('./SignupPage: the signup page’s markup, named after the shop and checked by the page script', async () => {
  history.replaceState(null, '', '/loyalty-cards/create?business_id=default-business-id');
  fakeApi();
  const expected = shape(built('signup', '/loyalty-cards/create'));
  const { container, user } = renderWithProviders(<SignupPage />, { route: '/loyalty-cards/create?business_id=default-business-id', withNotifications: false });
  expect(shape(container)).toEqual(expected);
  await waitFor(() => expect(document.querySelector('[data-business-name]')).toHaveTextContent('Bar Centrale'));
  await user.click(screen.getByRole('button', { name: 'Ottieni' }));
  expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Campo "email" è obbligatorio');
});

it('./MyCardPage: the customer page’s markup and its request form, bound once', async () => {
  const fetchSpy = fakeApi();
  const expected = shape(built('myCard', '/my-card'));
  const { container, user } = renderWithProviders(<MyCardPage />, { route: '/my-card', withNotifications: false });
  expect(shape(container)).toEqual(expected);
  expect(screen.getByRole('heading', { level: 1, name: 'La tua carta fedeltà' })).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Inviami il link' }));
  const field = screen.getByLabelText('Email o numero di telefono');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription('Inserisci l’email o il numero di telefono che hai lasciato al negozio.');
  await startMyCard(document);
  expect(configCalls(fetchSpy)).toHaveLength(1);
});
