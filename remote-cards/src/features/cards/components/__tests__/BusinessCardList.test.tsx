/**
 * The cards screen's list shows what the server has now; a first page asked for ahead of it a moment ago
 * (shared's `prefetchCardList`, which the shell's bootstrap sends when this screen is the page being opened:
 * decision 101) counts as now. Against the real API.
 */
import { screen } from '@testing-library/react';
import { createAppStore, FIRST_PAGE_FRESH_S, prefetchCardList, type AppStore } from '@loyalty/shared';
import { configureTestRuntime, createAdminWithBusiness, renderWithProviders, signUpCard } from '@loyalty/shared/testing';
import { BusinessCardList } from '../BusinessCardList';

function renderList(store: AppStore, businessId: string) {
  return renderWithProviders(
    <BusinessCardList
      query={{ businessId, q: '', status: 'all' }}
      errorMessage="Errore"
      noMatchHint="Prova un'altra ricerca."
      lineHeight={() => 100}
      renderCard={(card) => card.customer_name}
    />,
    { store },
  );
}

beforeEach(() => configureTestRuntime());
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** The prefetched first page's answer in the store (the thunk itself returns at once). */
function answered(store: AppStore): Promise<void> {
  const done = () => Object.values(store.getState().api.queries).some((q) => q?.endpointName === 'getCardsPage' && q.status === 'fulfilled');
  return new Promise<void>((resolve) => {
    if (done()) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!done()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** A shop of two customers whose first page was asked for ahead of its list; then a third customer signs up. */
async function prefetchedThenThirdCustomer(): Promise<{ store: AppStore; businessId: string }> {
  const { token, businessId } = await createAdminWithBusiness();
  localStorage.setItem('token', token);
  await signUpCard(businessId, 'Anna Prima');
  await signUpCard(businessId, 'Bruno Secondo');
  const store = createAppStore();
  void store.dispatch(prefetchCardList(businessId));
  await answered(store);
  await signUpCard(businessId, 'Carla Terza');
  return { store, businessId };
}

it('shows the first page asked for ahead of it without asking again, once: the next opening asks the server', async () => {
  // The list opened within FIRST_PAGE_FRESH_S shows the prefetched page (two customers).
  const { store, businessId } = await prefetchedThenThirdCustomer();
  const fetchSpy = jest.spyOn(globalThis, 'fetch');
  const first = renderList(store, businessId);
  expect(await screen.findByRole('status')).toHaveTextContent('2 carte');
  expect(fetchSpy).not.toHaveBeenCalled();
  first.unmount();

  // Opened again (another screen, back to this one) a moment later: what the server has now.
  renderList(store, businessId);
  expect(await screen.findByText('3 carte')).toBeInTheDocument();
  expect(fetchSpy).toHaveBeenCalled();
});

it('asks the server when the page asked for ahead of it is older than FIRST_PAGE_FRESH_S', async () => {
  const { store, businessId } = await prefetchedThenThirdCustomer();
  // Only the clock moves (RTK Query reads `new Date()`); timers and the network stay real.
  jest.useFakeTimers({ doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] });
  jest.setSystemTime(Date.now() + (FIRST_PAGE_FRESH_S + 1) * 1000);
  renderList(store, businessId);
  expect(await screen.findByText('3 carte')).toBeInTheDocument();
});
