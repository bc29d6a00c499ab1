import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import styled from 'styled-components';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** Controlled selection; leave out to let Tabs keep its own. */
  selectedId?: string;
  defaultSelectedId?: string;
  onSelect?: (id: string) => void;
}

const TabList = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  overflow-x: auto;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 0;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: ${({ theme }) => theme.fontWeights.medium};
  white-space: nowrap;
  cursor: pointer;

  &[aria-selected='true'] {
    color: ${({ theme }) => theme.colors.primary};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

const TabPanel = styled.div`
  padding-top: ${({ theme }) => theme.space.lg};
`;

/**
 * Hand-written on purpose, measured (docs/decisions/035-apps-shaped-alike.md): this file is 0.9 KB gzip, where
 * @radix-ui/react-tabs 1.x weighs 9.7 KB and @ariakit/react's Tab parts 20.7 KB (esbuild, minified, gzip),
 * on every dashboard load since shared is one federated chunk; HTML has no tabs element to use instead.
 * The keyboard behaviour below is asserted by __tests__/Tabs.test.tsx.
 *
 * WAI-ARIA tabs with automatic activation: arrows move and select (wrapping), Home/End jump;
 * only the selected tab is in the Tab order. Only the selected panel's content is mounted, so a
 * tab's data is fetched when it is opened.
 */
export function Tabs({ tabs, label, selectedId, defaultSelectedId, onSelect }: TabsProps) {
  const baseId = useId();
  const [ownSelectedId, setOwnSelectedId] = useState(defaultSelectedId);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const requestedId = selectedId ?? ownSelectedId;
  // An id that is not (or no longer) offered, e.g. a role-restricted tab, falls back to the first.
  const activeId = tabs.some((item) => item.id === requestedId) ? requestedId : tabs[0]?.id;

  const select = (id: string) => {
    setOwnSelectedId(id);
    onSelect?.(id);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((item) => item.id === activeId);
    const last = tabs.length - 1;
    const nextIndex = {
      ArrowRight: current === last ? 0 : current + 1,
      ArrowLeft: current === 0 ? last : current - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (nextIndex === undefined) return;
    event.preventDefault();
    const next = tabs[nextIndex];
    select(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <div>
      <TabList role="tablist" aria-label={label} onKeyDown={handleKeyDown}>
        {tabs.map((item) => {
          const selected = item.id === activeId;
          return (
            <Tab
              key={item.id}
              ref={(element) => {
                if (element) tabRefs.current.set(item.id, element);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={selected}
              aria-controls={panelId(item.id)}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(item.id)}
            >
              {item.label}
            </Tab>
          );
        })}
      </TabList>
      {tabs.map((item) => {
        const selected = item.id === activeId;
        return (
          <TabPanel
            key={item.id}
            role="tabpanel"
            id={panelId(item.id)}
            aria-labelledby={tabId(item.id)}
            tabIndex={0}
            hidden={!selected}
          >
            {selected && item.content}
          </TabPanel>
        );
      })}
    </div>
  );
}
