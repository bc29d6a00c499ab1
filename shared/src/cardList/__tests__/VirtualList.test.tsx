import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing/renderWithProviders';
import { VirtualList } from '../VirtualList';

/** The list's scrolling area as the browser would lay it out: jsdom lays nothing out. */
function layOut(size: { width: number; height: number }) {
  jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(size.width);
  jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(size.height);
}

/** Where each rendered item says it stands, as a screen reader reads it. */
const positions = () => screen.queryAllByRole('listitem').map((item) => Number(item.getAttribute('aria-posinset')));

const range = (first: number, last: number) => Array.from({ length: last - first }, (_, i) => first + i);

function scrollTo(top: number) {
  const viewport = screen.getByRole('region', { name: 'Carte' });
  Object.defineProperty(viewport, 'scrollTop', { configurable: true, value: top });
  act(() => {
    fireEvent.scroll(viewport);
  });
}

afterEach(() => jest.restoreAllMocks());

describe('VirtualList', () => {
  it('renders the lines in view plus the overscan, within the list', () => {
    layOut({ width: 1024, height: 600 });
    renderWithProviders(<VirtualList count={1000} lineHeight={100} overscan={2} label="Carte" renderItem={(i) => `Carta ${i + 1}`} />);
    // Lines 0–5 are in view (600 px of 100 px lines), two more below.
    expect(positions()).toEqual(range(1, 9));
    scrollTo(50_000);
    expect(positions()).toEqual(range(499, 509));
    // The bottom (100 000 px of lines less 600 in view): the last six lines and two above, none past the end.
    scrollTo(99_400);
    expect(positions()).toEqual(range(993, 1001));
  });

  it('renders nothing for an empty list', () => {
    layOut({ width: 1024, height: 600 });
    renderWithProviders(<VirtualList count={0} lineHeight={100} label="Carte" renderItem={(i) => `Carta ${i + 1}`} />);
    expect(screen.getByRole('list', { name: 'Carte' })).toBeEmptyDOMElement();
  });

  it('tells screen readers each item’s place in the whole list and is reachable from the keyboard', async () => {
    layOut({ width: 1024, height: 600 });
    const { user } = renderWithProviders(<VirtualList count={80_000} lineHeight={100} overscan={0} label="Carte" renderItem={(i) => `Carta ${i + 1}`} />);
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveAttribute('aria-setsize', '80000');
    expect(items[0]).toHaveTextContent('Carta 1');
    expect(screen.getByRole('list', { name: 'Carte' })).toHaveStyle({ height: '8000000px' });
    await user.tab();
    expect(screen.getByRole('region', { name: 'Carte' })).toHaveFocus();
  });

  it('fills each line with as many columns as fit, and takes the line height the width asks for', () => {
    layOut({ width: 900, height: 600 });
    renderWithProviders(
      <VirtualList count={10} lineHeight={(width) => (width < 640 ? 250 : 200)} minColumnWidth={288} overscan={0} label="Carte" renderItem={(i) => `Carta ${i + 1}`} />,
    );
    // 900 px fit three columns of 288: lines of three, 200 px high, three lines in 600 px.
    expect(positions()).toEqual(range(1, 10));
    const fourth = screen.getByText('Carta 4');
    expect(fourth).toHaveStyle({ top: '200px', height: '200px', left: '0%' });
    expect(screen.getByRole('list', { name: 'Carte' })).toHaveStyle({ height: '800px' });
  });

  it('keeps a size to work with before the browser has laid the list out', () => {
    layOut({ width: 0, height: 0 });
    renderWithProviders(<VirtualList count={1000} lineHeight={100} overscan={0} label="Carte" renderItem={(i) => `Carta ${i + 1}`} />);
    // 640 px of the fallback size: lines 0–6.
    expect(positions()).toEqual(range(1, 8));
  });

  it('draws only the items that fit the measured list, never a guess of them first', () => {
    // A phone: the overview's list is 330 px wide and 448 px high; one column of 210 px lines, three in view.
    layOut({ width: 330, height: 448 });
    const renderItem = jest.fn((i: number) => `Carta ${i + 1}`);
    renderWithProviders(<VirtualList count={1000} lineHeight={210} minColumnWidth={240} label="Carte" renderItem={renderItem} />);
    expect(positions()).toEqual(range(1, 7));
    // Never the fallback's four columns of seven lines (28 cards) before the measure.
    expect(Math.max(...renderItem.mock.calls.map(([i]) => i))).toBe(5);
  });

  it('redraws nothing when the observer reports the size it already has', () => {
    layOut({ width: 1024, height: 600 });
    const observers: ResizeObserverCallback[] = [];
    class FakeResizeObserver {
      constructor(callback: ResizeObserverCallback) {
        observers.push(callback);
      }
      observe() {}
      disconnect() {}
      unobserve() {}
    }
    const original = globalThis.ResizeObserver;
    globalThis.ResizeObserver = FakeResizeObserver as unknown as typeof ResizeObserver;
    try {
      const renderItem = jest.fn((i: number) => `Carta ${i + 1}`);
      renderWithProviders(<VirtualList count={1000} lineHeight={100} overscan={0} label="Carte" renderItem={renderItem} />);
      const drawn = renderItem.mock.calls.length;
      expect(drawn).toBeGreaterThan(0);
      act(() => observers.forEach((callback) => callback([], {} as ResizeObserver)));
      expect(renderItem).toHaveBeenCalledTimes(drawn);
      // A real change of size is drawn.
      layOut({ width: 1024, height: 300 });
      act(() => observers.forEach((callback) => callback([], {} as ResizeObserver)));
      expect(positions()).toEqual(range(1, 4));
    } finally {
      globalThis.ResizeObserver = original;
    }
  });
});
