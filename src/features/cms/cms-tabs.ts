import { PATHS } from '@common/paths';
import { BarChart3, Coins, Mail, Music, Radio, Settings, ShoppingBag, Users, type LucideIcon } from 'lucide-react';

export type CmsTabKey = 'overview' | 'users' | 'contest' | 'marketplace' | 'radio' | 'tokens' | 'email' | 'config';

/** `path`: the tab's own address (each tab is a route: src/routes/_signed-in/cms/). */
export type CmsTab = { key: CmsTabKey; label: string; icon: LucideIcon; path: (typeof CMS_TAB_PATHS)[CmsTabKey]; superAdminOnly?: boolean };

export const CMS_TAB_PATHS = {
  overview: PATHS.cmsOverview,
  users: PATHS.cmsUsers,
  contest: PATHS.cmsContest,
  marketplace: PATHS.cmsMarketplace,
  radio: PATHS.cmsRadio,
  tokens: PATHS.cmsTokens,
  email: PATHS.cmsEmail,
  config: PATHS.cmsConfig,
} as const satisfies Record<CmsTabKey, string>;

/** The CMS tab bar in the spec's order; Config is for super admins only. */
const CMS_TABS: readonly CmsTab[] = [
  { key: 'overview', label: 'Overview', path: CMS_TAB_PATHS.overview, icon: BarChart3 },
  { key: 'users', label: 'Users & Roles', path: CMS_TAB_PATHS.users, icon: Users },
  { key: 'contest', label: 'Contest', path: CMS_TAB_PATHS.contest, icon: Music },
  { key: 'marketplace', label: 'Marketplace', path: CMS_TAB_PATHS.marketplace, icon: ShoppingBag },
  { key: 'radio', label: 'Radio Queue', path: CMS_TAB_PATHS.radio, icon: Radio },
  { key: 'tokens', label: 'Token Economy', path: CMS_TAB_PATHS.tokens, icon: Coins },
  { key: 'email', label: 'Email System', path: CMS_TAB_PATHS.email, icon: Mail },
  { key: 'config', label: 'Config', path: CMS_TAB_PATHS.config, icon: Settings, superAdminOnly: true },
];

/** The tab an address shows (/cms/radio: the Radio Queue), or null for /cms itself and unknown ones. */
export const tabAt = (pathname: string): CmsTabKey | null => CMS_TABS.find((t) => pathname === t.path)?.key ?? null;

export const tabsFor = (superAdmin: boolean) => CMS_TABS.filter((t) => superAdmin || !t.superAdminOnly);
