import { BarChart3, Coins, Mail, Music, Radio, Settings, ShoppingBag, Users, type LucideIcon } from 'lucide-react';

export type CmsTabKey = 'overview' | 'users' | 'contest' | 'marketplace' | 'radio' | 'tokens' | 'email' | 'config';

export type CmsTab = { key: CmsTabKey; label: string; icon: LucideIcon; superAdminOnly?: boolean };

/** The CMS tab bar in the spec's order; Config is for super admins only. */
const CMS_TABS: readonly CmsTab[] = [
  { key: 'overview', label: 'Overview', icon: BarChart3 },
  { key: 'users', label: 'Users & Roles', icon: Users },
  { key: 'contest', label: 'Contest', icon: Music },
  { key: 'marketplace', label: 'Marketplace', icon: ShoppingBag },
  { key: 'radio', label: 'Radio Queue', icon: Radio },
  { key: 'tokens', label: 'Token Economy', icon: Coins },
  { key: 'email', label: 'Email System', icon: Mail },
  { key: 'config', label: 'Config', icon: Settings, superAdminOnly: true },
];

export const tabsFor = (superAdmin: boolean) => CMS_TABS.filter((t) => superAdmin || !t.superAdminOnly);
