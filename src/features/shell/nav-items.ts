import { PATHS } from '@common/paths';

export const NAV_LINKS = [
  { to: PATHS.vote, label: 'Vote' },
  { to: PATHS.submit, label: 'Submit' },
  { to: PATHS.marketplace, label: 'Marketplace' },
  { to: PATHS.insights, label: 'Insights' },
  { to: PATHS.pricing, label: 'Get Tokens' },
] as const;
