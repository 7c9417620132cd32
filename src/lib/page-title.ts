import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { PATHS } from '@common/paths';

const APP_TITLE = 'Fool Rate — Human or AI?';
const titled = (page: string) => `${page} — Fool Rate`;

/** Each page's tab title, by path (the nav's names where it has them). */
const PAGE_TITLES: Readonly<Record<string, string>> = {
  [PATHS.home]: APP_TITLE,
  [PATHS.vote]: titled('Vote'),
  [PATHS.submit]: titled('Submit'),
  [PATHS.marketplace]: titled('Marketplace'),
  [PATHS.insights]: titled('Insights'),
  [PATHS.pricing]: titled('Get Tokens'),
  [`${PATHS.pricing}/success`]: titled('Get Tokens'),
  [PATHS.auth]: titled('Sign In'),
  [PATHS.welcome]: titled('Welcome'),
  [PATHS.orders]: titled('My Orders'),
  [PATHS.myTracks]: titled('My Tracks'),
  [PATHS.cms]: titled('CMS'),
  [PATHS.cmsOverview]: titled('CMS Overview'),
  [PATHS.cmsUsers]: titled('CMS Users & Roles'),
  [PATHS.cmsContest]: titled('CMS Contest'),
  [PATHS.cmsMarketplace]: titled('CMS Marketplace'),
  [PATHS.cmsRadio]: titled('CMS Radio Queue'),
  [PATHS.cmsTokens]: titled('CMS Token Economy'),
  [PATHS.cmsEmail]: titled('CMS Email System'),
  [PATHS.cmsConfig]: titled('CMS Config'),
  [PATHS.uploadPlaceholders]: titled('Upload Placeholders'),
  [PATHS.privacy]: titled('Privacy Policy'),
  [PATHS.terms]: titled('Terms of Service'),
  [PATHS.unsubscribe]: titled('Unsubscribe'),
  [PATHS.resetPassword]: titled('Reset Password'),
};

export const NOT_FOUND_TITLE = titled('Page not found');

/**
 * The browser tab's title follows the page (and so does each prerendered page's <title>, taken
 * from the rendered app). A path with no title here (a referral link, an unknown page) keeps
 * what its page sets: the 404 page sets NOT_FOUND_TITLE itself, its effect running before this one.
 */
export function usePageTitle(): void {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    const title = PAGE_TITLES[pathname];
    if (title) document.title = title;
  }, [pathname]);
}
