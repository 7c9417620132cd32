/** Route paths of the app, in one place. */
export const PATHS = {
  home: '/',
  auth: '/auth',
  welcome: '/welcome',
  vote: '/vote',
  submit: '/submit',
  marketplace: '/marketplace',
  orders: '/orders',
  myTracks: '/my-tracks',
  pricing: '/pricing',
  insights: '/insights',
  cms: '/cms',
  cmsOverview: '/cms/overview',
  cmsUsers: '/cms/users',
  cmsContest: '/cms/contest',
  cmsMarketplace: '/cms/marketplace',
  cmsRadio: '/cms/radio',
  cmsTokens: '/cms/tokens',
  cmsEmail: '/cms/email',
  cmsConfig: '/cms/config',
  privacy: '/privacy',
  terms: '/terms',
  uploadPlaceholders: '/upload-placeholders',
  unsubscribe: '/unsubscribe',
  resetPassword: '/reset-password',
} as const;

/**
 * Where sign-in may return to (/auth?next=): the screens that need an account, which mails and
 * guarded links lead to, and the two whose Buy asks a visitor to sign in first. Nothing else, so
 * the parameter can never send anyone off the site.
 */
export const RETURN_PATHS = [
  PATHS.welcome,
  PATHS.vote,
  PATHS.submit,
  PATHS.orders,
  PATHS.myTracks,
  PATHS.cms,
  PATHS.cmsOverview,
  PATHS.cmsUsers,
  PATHS.cmsContest,
  PATHS.cmsMarketplace,
  PATHS.cmsRadio,
  PATHS.cmsTokens,
  PATHS.cmsEmail,
  PATHS.cmsConfig,
  PATHS.uploadPlaceholders,
  PATHS.marketplace,
  PATHS.pricing,
] as const;
export type ReturnPath = (typeof RETURN_PATHS)[number];
export const isReturnPath = (path: unknown): path is ReturnPath => (RETURN_PATHS as readonly unknown[]).includes(path);
