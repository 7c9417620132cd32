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
  cms: '/cms',
  privacy: '/privacy',
  terms: '/terms',
  uploadPlaceholders: '/upload-placeholders',
  unsubscribe: '/unsubscribe',
} as const;
