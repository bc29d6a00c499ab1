import { screen, waitFor, within } from '@testing-library/react';
import { api } from '../../api/apiSlice';
import { DEFAULT_BUSINESS_ID } from '../../constants';
import type { Business } from '../../domain/types';
import { sessionCleared } from '../../session/sessionEvents';
import { createAppStore } from '../../store/createAppStore';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { startTestApiServer, type TestApiServer } from '../../testing/testApiServer';
import {
  businessSelected,
  businessesLoaded,
  chooseBusinessId,
  selectCurrentBusinessId,
} from '../currentBusinessSlice';
import { useCurrentBusiness } from '../useCurrentBusiness';

function business(id: string, name: string): Business {
  return {
    id,
    name,
    address: null,
    phone: null,
    email: null,
    website: null,
    whatsapp_enabled: 1,
    sms_enabled: 0,
    email_enabled: 0,
  };
}

const bar = business('b-bar', 'Bar Centrale');
const demo = business(DEFAULT_BUSINESS_ID, 'Negozio Demo');
const farmacia = business('b-farmacia', 'Farmacia Rossi');

describe('choosing the current business', () => {
  it('prefers the default business when nothing valid is selected', () => {
    expect(chooseBusinessId(null, [bar, demo, farmacia])).toBe(DEFAULT_BUSINESS_ID);
  });

  it('falls back to the first business', () => {
    expect(chooseBusinessId(null, [farmacia, bar])).toBe('b-farmacia');
  });

  it('selects nothing when there are no businesses', () => {
    expect(chooseBusinessId(null, [])).toBeNull();
    expect(chooseBusinessId('b-bar', [])).toBeNull();
  });

  it('keeps a selection that is still in the list', () => {
    expect(chooseBusinessId('b-farmacia', [bar, demo, farmacia])).toBe('b-farmacia');
  });

  it('replaces a selection that is no longer in the list', () => {
    expect(chooseBusinessId('deleted-one', [farmacia, demo])).toBe(DEFAULT_BUSINESS_ID);
  });

  it('applies the rule when a list is loaded', () => {
    const store = createAppStore();

    store.dispatch(businessesLoaded([bar, farmacia]));
    expect(selectCurrentBusinessId(store.getState())).toBe('b-bar');

    store.dispatch(businessSelected('b-farmacia'));
    store.dispatch(businessesLoaded([bar, demo, farmacia]));
    expect(selectCurrentBusinessId(store.getState())).toBe('b-farmacia');
  });

  it('forgets the selection when the session ends', () => {
    const store = createAppStore({ currentBusiness: { id: 'b-bar' } });

    store.dispatch(sessionCleared());

    expect(selectCurrentBusinessId(store.getState())).toBeNull();
  });
});

describe('with the API', () => {
  let server: TestApiServer;

  beforeEach(async () => {
    server = await startTestApiServer({ 'GET /business': { body: [bar, demo, farmacia] } });
  });

  afterEach(() => server.close());

  function BusinessSwitcher() {
    const { business, businesses, isLoading, select } = useCurrentBusiness();
    if (isLoading) return <p>Caricamento…</p>;
    return (
      <>
        <p>Attività corrente: {business?.name ?? 'nessuna'}</p>
        <ul aria-label="Attività">
          {businesses.map((candidate) => (
            <li key={candidate.id}>
              <button type="button" onClick={() => select(candidate.id)}>
                {candidate.name}
              </button>
            </li>
          ))}
        </ul>
      </>
    );
  }

  it('loads the businesses, starts on the default one and switches on request', async () => {
    const { user } = renderWithProviders(<BusinessSwitcher />);

    expect(await screen.findByText('Attività corrente: Negozio Demo')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Attività' });
    expect(within(list).getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Bar Centrale',
      'Negozio Demo',
      'Farmacia Rossi',
    ]);

    await user.click(screen.getByRole('button', { name: 'Farmacia Rossi' }));

    expect(screen.getByText('Attività corrente: Farmacia Rossi')).toBeInTheDocument();
  });

  it('makes a newly created business the current one', async () => {
    const created = business('b-nuova', 'Profumeria Nuova');
    const stored = [bar, demo, farmacia];
    server.use({
      'GET /business': () => ({ body: stored }),
      'POST /business': () => {
        stored.push(created);
        return { status: 201, body: created };
      },
    });
    const store = createAppStore();
    const businessesQuery = store.dispatch(api.endpoints.getBusinesses.initiate());
    await businessesQuery;

    await store.dispatch(api.endpoints.createBusiness.initiate({ name: 'Profumeria Nuova' }));

    expect(selectCurrentBusinessId(store.getState())).toBe('b-nuova');
    // The creation invalidates the list; the refetched list must not undo the choice.
    await waitFor(() =>
      expect(api.endpoints.getBusinesses.select()(store.getState()).data).toHaveLength(4),
    );
    expect(selectCurrentBusinessId(store.getState())).toBe('b-nuova');
    businessesQuery.unsubscribe();
  });
});
