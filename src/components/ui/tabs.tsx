import * as RadixTabs from '@radix-ui/react-tabs';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** `pill`: the selected tab in the brand gradient; `segment`: the selected tab raised on a grey bar. */
const LIST = {
  pill: 'gap-1 rounded-xl bg-zinc-900 p-1',
  segment: 'rounded-lg bg-zinc-800 p-1',
} as const;
const TAB = {
  pill: 'rounded-lg py-2 font-medium text-zinc-400 transition hover:text-zinc-100 data-[state=active]:bg-gradient-to-r data-[state=active]:from-fuchsia-600 data-[state=active]:to-violet-600 data-[state=active]:text-white',
  segment: 'rounded-md py-2 text-zinc-400 hover:text-zinc-200 data-[state=active]:bg-zinc-950 data-[state=active]:text-white',
} as const;

export type TabsLook = keyof typeof LIST;

/** Tabs (Radix: roles, arrow keys, Home/End); only the selected panel's content is rendered. */
export const Tabs = RadixTabs.Root;
export const TabPanel = RadixTabs.Content;

export function TabList({ look, className, ...props }: ComponentProps<typeof RadixTabs.List> & { look: TabsLook }) {
  return <RadixTabs.List className={clsx(LIST[look], className)} {...props} />;
}

export function Tab({ look, className, ...props }: ComponentProps<typeof RadixTabs.Trigger> & { look: TabsLook }) {
  return <RadixTabs.Trigger className={clsx(TAB[look], className)} {...props} />;
}
