import type { CmsTab, CmsTabKey } from './cms-tabs';

export const tabId = (key: CmsTabKey) => `cms-tab-${key}`;
export const panelId = (key: CmsTabKey) => `cms-panel-${key}`;

/** An ARIA tablist (arrow keys, Home and End move between tabs); scrolls sideways on small screens. */
export function CmsTabBar({ tabs, active, onSelect }: { tabs: readonly CmsTab[]; active: CmsTabKey; onSelect: (key: CmsTabKey) => void }) {
  const onKeyDown = (e: React.KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.key === active);
    const moves: Record<string, number> = { ArrowRight: i + 1, ArrowLeft: i - 1 + tabs.length, Home: 0, End: tabs.length - 1 };
    const to = moves[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = tabs[to % tabs.length]!;
    onSelect(next.key);
    document.getElementById(tabId(next.key))?.focus();
  };
  return (
    <div role="tablist" aria-label="CMS sections" className="flex gap-1 overflow-x-auto rounded-xl bg-zinc-900 p-1 text-sm" onKeyDown={onKeyDown}>
      {tabs.map(({ key, label, icon: Icon }) => (
        <button
          key={key}
          id={tabId(key)}
          type="button"
          role="tab"
          aria-selected={active === key}
          aria-controls={panelId(key)}
          tabIndex={active === key ? 0 : -1}
          onClick={() => onSelect(key)}
          className={`inline-flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-2 font-medium transition ${
            active === key ? 'bg-gradient-to-r from-fuchsia-600 to-violet-600 text-white' : 'text-zinc-400 hover:bg-zinc-800 hover:text-zinc-100'
          }`}
        >
          <Icon className="size-4" aria-hidden /> {label}
        </button>
      ))}
    </div>
  );
}
