import { useCallback, useLayoutEffect, useRef, useState, type ReactNode, type UIEvent } from 'react';
import styled from 'styled-components';

export interface VirtualListProps {
  /** Number of items (every matching card on the server, loaded or not). */
  count: number;
  /** Height of one line in px, fixed so positions are known without measuring; may depend on the width. */
  lineHeight: number | ((width: number) => number);
  /** Items per line: as many columns of at least this width as fit; leave out for one column. */
  minColumnWidth?: number;
  /** Accessible name of the list. */
  label: string;
  renderItem: (index: number) => ReactNode;
  /** Lines rendered beyond the visible ones, each side. */
  overscan?: number;
  /** CSS height of the scrolling area. */
  height?: string;
}

/** Size used where the browser has not laid the list out (hidden, or jsdom, which never does). */
const FALLBACK_SIZE = { width: 1024, height: 640 };

const Viewport = styled.div<{ $height: string }>`
  position: relative;
  height: ${({ $height }) => $height};
  overflow-y: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};

  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Items = styled.ul`
  position: relative;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  position: absolute;
  box-sizing: border-box;
  padding: ${({ theme }) => theme.space.xs};
`;

/** First and last line (exclusive) to render for a scroll position. */
export function visibleLines(scrollTop: number, viewportHeight: number, lineHeight: number, lineCount: number, overscan: number) {
  const first = Math.max(0, Math.floor(scrollTop / lineHeight) - overscan);
  const last = Math.min(lineCount, Math.ceil((scrollTop + viewportHeight) / lineHeight) + overscan);
  return { first, last: Math.max(first, last) };
}

/**
 * Only the items in view (plus a few) are in the DOM, so 100 000 cards scroll like 20. Hand-written
 * rather than a library: fixed line heights are all the screens need, and it renders in jsdom.
 * The scrolling area is focusable, so arrows and Page Up/Down scroll it from the keyboard.
 */
export function VirtualList({ count, lineHeight, minColumnWidth, label, renderItem, overscan = 3, height = '70vh' }: VirtualListProps) {
  const viewportRef = useRef<HTMLDivElement>(null);
  // null until the list is measured: the first render draws no item, since a guess draws the wrong ones (at 360 px the
  // overview's four columns of the fallback width were 28 cards where 6 fit), then redraws them all. The measure in
  // the layout effect redraws before the browser paints, so no empty list is ever shown.
  const [measured, setMeasured] = useState<{ width: number; height: number } | null>(null);
  const lastSize = useRef<{ width: number; height: number } | null>(null);
  const [scrollTop, setScrollTop] = useState(0);

  useLayoutEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const measure = () => {
      const next = element.clientHeight > 0 && element.clientWidth > 0 ? { width: element.clientWidth, height: element.clientHeight } : FALLBACK_SIZE;
      // The same size again (the observer's first call, a resize that changes nothing here) redraws nothing: a state
      // set to an equal value still calls the component again.
      const current = lastSize.current;
      if (current && current.width === next.width && current.height === next.height) return;
      lastSize.current = next;
      setMeasured(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onScroll = useCallback((event: UIEvent<HTMLDivElement>) => setScrollTop(event.currentTarget.scrollTop), []);

  const size = measured ?? FALLBACK_SIZE;
  const columns = minColumnWidth ? Math.max(1, Math.floor(size.width / minColumnWidth)) : 1;
  const line = typeof lineHeight === 'function' ? lineHeight(size.width) : lineHeight;
  const lineCount = Math.ceil(count / columns);
  const { first, last } = visibleLines(scrollTop, size.height, line, lineCount, overscan);
  const columnWidth = 100 / columns;

  const items: ReactNode[] = [];
  for (let lineIndex = first; measured && lineIndex < last; lineIndex++) {
    for (let column = 0; column < columns; column++) {
      const index = lineIndex * columns + column;
      if (index >= count) break;
      items.push(
        <Item
          key={index}
          aria-posinset={index + 1}
          aria-setsize={count}
          style={{ top: lineIndex * line, height: line, left: `${column * columnWidth}%`, width: `${columnWidth}%` }}
        >
          {renderItem(index)}
        </Item>,
      );
    }
  }

  return (
    <Viewport ref={viewportRef} $height={height} onScroll={onScroll} tabIndex={0} role="region" aria-label={label}>
      <Items aria-label={label} style={{ height: lineCount * line }}>
        {items}
      </Items>
    </Viewport>
  );
}
