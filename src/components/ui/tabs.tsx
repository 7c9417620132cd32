import { clsx } from 'clsx';
import { createContext, useContext, useId, useState, type HTMLAttributes, type KeyboardEvent, type ReactNode } from 'react';

/** `pill`: the selected tab in the brand gradient; `segment`: the selected tab raised on a grey bar. */
const LIST = {
  pill: 'gap-1 rounded-xl bg-zinc-900 p-1',
  segment: 'rounded-lg bg-zinc-800 p-1',
} as const;
const TAB = {
  pill: 'rounded-lg py-2 font-medium text-zinc-400 transition hover:text-zinc-100 data-[state=active]:bg-gradient-to-r data-[state=active]:from-fuchsia-700 data-[state=active]:to-violet-600 data-[state=active]:text-white',
  segment: 'rounded-md py-2 text-zinc-400 hover:text-zinc-200 data-[state=active]:bg-zinc-950 data-[state=active]:text-zinc-50',
} as const;

export type TabsLook = keyof typeof LIST;

type TabsState = { value: string; select: (value: string) => void; idOf: (part: 'tab' | 'panel', value: string) => string };
const TabsContext = createContext<TabsState | null>(null);

function useTabs(): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error('Tab, TabList and TabPanel belong inside Tabs');
  return state;
}

type TabsProps = { value?: string; defaultValue?: string; onValueChange?: (value: string) => void; children: ReactNode };

/**
 * ARIA tabs (a hand-written Radix twin: no library on the first load): arrow keys, Home and
 * End select and focus a tab; only the selected panel renders its content. Controlled with
 * `value`/`onValueChange`, or not with `defaultValue`.
 */
export function Tabs({ value, defaultValue = '', onValueChange, children }: TabsProps) {
  const [own, setOwn] = useState(defaultValue);
  const base = useId();
  const state: TabsState = {
    value: value ?? own,
    select: (next) => {
      setOwn(next);
      onValueChange?.(next);
    },
    idOf: (part, v) => `${base}-${part}-${v}`,
  };
  return <TabsContext.Provider value={state}>{children}</TabsContext.Provider>;
}

/**
 * Selects a tab from inside the tabs (a shortcut to another section) and puts the focus on its
 * panel, where the keyboard goes on into the section: the control that asked sits in the panel
 * being hidden, and would leave the focus on the page's body.
 */
export function useShowTab(): (value: string) => void {
  const tabs = useTabs();
  return (value) => {
    tabs.select(value);
    // After the render that shows the panel.
    requestAnimationFrame(() => document.getElementById(tabs.idOf('panel', value))?.focus());
  };
}

/** Moves the selection to a sibling tab, as the WAI-ARIA tabs pattern asks. */
function onArrowKeys(e: KeyboardEvent<HTMLDivElement>) {
  const tabs = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
  const i = tabs.indexOf(document.activeElement as HTMLButtonElement);
  const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1 + tabs.length, Home: 0, End: tabs.length - 1 };
  const to = moves[e.key];
  if (i < 0 || to === undefined) return;
  e.preventDefault();
  const next = tabs[to % tabs.length];
  next?.focus();
  next?.click();
}

export function TabList({ look, className, ...props }: HTMLAttributes<HTMLDivElement> & { look: TabsLook }) {
  return <div role="tablist" className={clsx(LIST[look], className)} onKeyDown={onArrowKeys} {...props} />;
}

export function Tab({ look, value, className, children }: { look: TabsLook; value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={tabs.idOf('tab', value)}
      aria-selected={selected}
      aria-controls={tabs.idOf('panel', value)}
      data-state={selected ? 'active' : 'inactive'}
      tabIndex={selected ? 0 : -1}
      onClick={() => tabs.select(value)}
      className={clsx(TAB[look], className)}
    >
      {children}
    </button>
  );
}

/** The panel of tab `value`: always in the page (so every tab's aria-controls resolves), hidden and empty unless selected. */
export function TabPanel({ value, className, children }: { value: string; className?: string; children: ReactNode }) {
  const tabs = useTabs();
  const selected = tabs.value === value;
  return (
    <div role="tabpanel" id={tabs.idOf('panel', value)} aria-labelledby={tabs.idOf('tab', value)} hidden={!selected} tabIndex={0} className={className}>
      {selected ? children : null}
    </div>
  );
}
