import { Tab, TabList } from '@/components/ui/tabs';
import type { CmsTab } from './cms-tabs';

/** The CMS sections as tabs (arrow keys, Home and End move between them); scrolls sideways on small screens, its edges fading where more tabs are. */
export function CmsTabBar({ tabs }: { tabs: readonly CmsTab[] }) {
  return (
    <TabList look="pill" aria-label="CMS sections" className="scroll-fade relative flex overflow-x-auto text-sm">
      {tabs.map(({ key, label, icon: Icon }) => (
        <Tab key={key} value={key} look="pill" className="inline-flex shrink-0 items-center gap-1.5 px-3 hover:bg-zinc-800">
          <Icon className="size-4" aria-hidden /> {label}
        </Tab>
      ))}
    </TabList>
  );
}
