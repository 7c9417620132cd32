// Generated from common/api by scripts/openapi.ts (npm run openapi): do not edit. Call an endpoint with src/lib/api/call.ts.
import type { API } from '@common/api/index';
import type { Route } from './call';

// One export per area; the browser imports them as a namespace: `import * as endpoints from '@/lib/api/endpoints.gen'`.
export const accounts = {
  signup: { method: 'POST', path: '/api/accounts/signup', reply: 'json' } as Route<(typeof API)['accounts']['signup']>,
  ensureProfile: { method: 'POST', path: '/api/accounts/ensure-profile', reply: 'json' } as Route<(typeof API)['accounts']['ensureProfile']>,
  emailVerified: { method: 'POST', path: '/api/accounts/email-verified', reply: 'json' } as Route<(typeof API)['accounts']['emailVerified']>,
  verificationEmail: { method: 'POST', path: '/api/accounts/verification-email', reply: 'json' } as Route<(typeof API)['accounts']['verificationEmail']>,
  passwordReset: { method: 'POST', path: '/api/accounts/password-reset', reply: 'json' } as Route<(typeof API)['accounts']['passwordReset']>,
  usernameExists: { method: 'GET', path: '/api/accounts/username/:username', reply: 'json' } as Route<(typeof API)['accounts']['usernameExists']>,
  wallet: { method: 'POST', path: '/api/accounts/wallet', reply: 'json' } as Route<(typeof API)['accounts']['wallet']>,
  cashAppTag: { method: 'POST', path: '/api/accounts/cash-app-tag', reply: 'json' } as Route<(typeof API)['accounts']['cashAppTag']>,
  me: { method: 'GET', path: '/api/me', reply: 'json' } as Route<(typeof API)['accounts']['me']>,
  publicMigration: { method: 'GET', path: '/api/public/migration', reply: 'json' } as Route<(typeof API)['accounts']['publicMigration']>,
  publicConfig: { method: 'GET', path: '/api/public/config', reply: 'json' } as Route<(typeof API)['accounts']['publicConfig']>,
  changeRole: { method: 'POST', path: '/api/admin/roles', reply: 'json' } as Route<(typeof API)['accounts']['changeRole']>,
} as const;

export const tokens = {
  claimDaily: { method: 'POST', path: '/api/tokens/claim-daily', reply: 'json' } as Route<(typeof API)['tokens']['claimDaily']>,
  redeemCoupon: { method: 'POST', path: '/api/coupons/redeem', reply: 'json' } as Route<(typeof API)['tokens']['redeemCoupon']>,
  adjust: { method: 'POST', path: '/api/admin/tokens/adjust', reply: 'json' } as Route<(typeof API)['tokens']['adjust']>,
} as const;

export const leaderboards = {
  read: { method: 'GET', path: '/api/public/leaderboards', reply: 'json' } as Route<(typeof API)['leaderboards']['read']>,
  stream: { method: 'GET', path: '/api/public/leaderboards/stream', reply: 'stream' } as Route<(typeof API)['leaderboards']['stream']>,
} as const;

export const insights = {
  read: { method: 'GET', path: '/api/public/insights', reply: 'json' } as Route<(typeof API)['insights']['read']>,
  csv: { method: 'GET', path: '/api/public/insights.csv', reply: 'csv' } as Route<(typeof API)['insights']['csv']>,
} as const;

export const sync = {
  stream: { method: 'GET', path: '/api/sync/stream', reply: 'stream' } as Route<(typeof API)['sync']['stream']>,
  pull: { method: 'GET', path: '/api/sync/:collection/pull', reply: 'json' } as Route<(typeof API)['sync']['pull']>,
  push: { method: 'POST', path: '/api/sync/:collection/push', reply: 'json' } as Route<(typeof API)['sync']['push']>,
} as const;

export const files = {
  clip: { method: 'GET', path: '/api/files/clips/:sessionId/:handle', reply: 'file' } as Route<(typeof API)['files']['clip']>,
  placeholder: { method: 'GET', path: '/api/files/placeholders/:filename', reply: 'file' } as Route<(typeof API)['files']['placeholder']>,
  signed: { method: 'GET', path: '/api/files/{*path}', reply: 'file' } as Route<(typeof API)['files']['signed']>,
} as const;

export const seo = {
  sitemap: { method: 'GET', path: '/sitemap.xml', reply: 'xml' } as Route<(typeof API)['seo']['sitemap']>,
} as const;

export const voting = {
  open: { method: 'POST', path: '/api/vote-sessions', reply: 'json' } as Route<(typeof API)['voting']['open']>,
} as const;

export const migration = {
  status: { method: 'GET', path: '/api/cms/migration', reply: 'json' } as Route<(typeof API)['migration']['status']>,
  run: { method: 'POST', path: '/api/cms/migration/run', reply: 'json' } as Route<(typeof API)['migration']['run']>,
  settings: { method: 'POST', path: '/api/cms/migration/settings', reply: 'json' } as Route<(typeof API)['migration']['settings']>,
  claims: { method: 'GET', path: '/api/cms/migration/claims', reply: 'json' } as Route<(typeof API)['migration']['claims']>,
  settle: { method: 'POST', path: '/api/cms/migration/claims/:id/settle', reply: 'json' } as Route<(typeof API)['migration']['settle']>,
  mine: { method: 'GET', path: '/api/migration/me', reply: 'json' } as Route<(typeof API)['migration']['mine']>,
  claim: { method: 'POST', path: '/api/migration/claim', reply: 'json' } as Route<(typeof API)['migration']['claim']>,
} as const;

export const tracks = {
  submit: { method: 'POST', path: '/api/tracks', reply: 'json' } as Route<(typeof API)['tracks']['submit']>,
  mine: { method: 'GET', path: '/api/tracks/mine', reply: 'json' } as Route<(typeof API)['tracks']['mine']>,
} as const;

export const cms = {
  overview: { method: 'GET', path: '/api/cms/overview', reply: 'json' } as Route<(typeof API)['cms']['overview']>,
  getSettings: { method: 'GET', path: '/api/cms/config', reply: 'json' } as Route<(typeof API)['cms']['getSettings']>,
  saveSettings: { method: 'POST', path: '/api/cms/config', reply: 'json' } as Route<(typeof API)['cms']['saveSettings']>,
  listTracks: { method: 'GET', path: '/api/cms/tracks', reply: 'json' } as Route<(typeof API)['cms']['listTracks']>,
  exportCsv: { method: 'GET', path: '/api/cms/export/:file', reply: 'csv' } as Route<(typeof API)['cms']['exportCsv']>,
  approve: { method: 'POST', path: '/api/cms/tracks/:id/approve', reply: 'json' } as Route<(typeof API)['cms']['approve']>,
  reject: { method: 'POST', path: '/api/cms/tracks/:id/reject', reply: 'json' } as Route<(typeof API)['cms']['reject']>,
  deleteTrack: { method: 'POST', path: '/api/cms/tracks/:id/delete', reply: 'json' } as Route<(typeof API)['cms']['deleteTrack']>,
  editTrack: { method: 'POST', path: '/api/cms/tracks/:id', reply: 'json' } as Route<(typeof API)['cms']['editTrack']>,
  placeholders: { method: 'GET', path: '/api/cms/placeholders', reply: 'json' } as Route<(typeof API)['cms']['placeholders']>,
  migratePlaceholders: { method: 'POST', path: '/api/cms/placeholders/migrate-tracks', reply: 'json' } as Route<(typeof API)['cms']['migratePlaceholders']>,
  uploadPlaceholder: { method: 'POST', path: '/api/cms/placeholders/:filename', reply: 'json' } as Route<(typeof API)['cms']['uploadPlaceholder']>,
  users: { method: 'GET', path: '/api/cms/users', reply: 'json' } as Route<(typeof API)['cms']['users']>,
  ledger: { method: 'GET', path: '/api/cms/users/:id/ledger', reply: 'json' } as Route<(typeof API)['cms']['ledger']>,
  audit: { method: 'GET', path: '/api/cms/audit', reply: 'json' } as Route<(typeof API)['cms']['audit']>,
} as const;

export const payments = {
  webhook: { method: 'POST', path: '/api/payments/webhook', reply: 'json' } as Route<(typeof API)['payments']['webhook']>,
  checkout: { method: 'POST', path: '/api/payments/checkout', reply: 'json' } as Route<(typeof API)['payments']['checkout']>,
  session: { method: 'GET', path: '/api/payments/session/:id', reply: 'json' } as Route<(typeof API)['payments']['session']>,
  localCheckoutPage: { method: 'GET', path: '/api/payments/local-checkout/:sessionId', reply: 'html' } as Route<(typeof API)['payments']['localCheckoutPage']>,
  localCheckoutPay: { method: 'POST', path: '/api/payments/local-checkout/:sessionId/pay', reply: 'redirect' } as Route<(typeof API)['payments']['localCheckoutPay']>,
} as const;

export const marketplace = {
  search: { method: 'GET', path: '/api/marketplace/search', reply: 'json' } as Route<(typeof API)['marketplace']['search']>,
  preview: { method: 'GET', path: '/api/marketplace/listings/:id/preview', reply: 'redirect' } as Route<(typeof API)['marketplace']['preview']>,
  feature: { method: 'POST', path: '/api/marketplace/listings/:id/feature', reply: 'json' } as Route<(typeof API)['marketplace']['feature']>,
  all: { method: 'GET', path: '/api/marketplace/listings/all', reply: 'json' } as Route<(typeof API)['marketplace']['all']>,
  eligibleTracks: { method: 'GET', path: '/api/marketplace/eligible-tracks', reply: 'json' } as Route<(typeof API)['marketplace']['eligibleTracks']>,
  create: { method: 'POST', path: '/api/marketplace/listings', reply: 'json' } as Route<(typeof API)['marketplace']['create']>,
  setActive: { method: 'POST', path: '/api/marketplace/listings/:id/active', reply: 'json' } as Route<(typeof API)['marketplace']['setActive']>,
  delete: { method: 'POST', path: '/api/marketplace/listings/:id/delete', reply: 'json' } as Route<(typeof API)['marketplace']['delete']>,
  edit: { method: 'POST', path: '/api/marketplace/listings/:id', reply: 'json' } as Route<(typeof API)['marketplace']['edit']>,
} as const;

export const orders = {
  create: { method: 'POST', path: '/api/orders', reply: 'json' } as Route<(typeof API)['orders']['create']>,
  get: { method: 'GET', path: '/api/orders/:id', reply: 'json' } as Route<(typeof API)['orders']['get']>,
  uploadProof: { method: 'POST', path: '/api/orders/:id/proof', reply: 'json' } as Route<(typeof API)['orders']['uploadProof']>,
  approve: { method: 'POST', path: '/api/orders/:id/approve', reply: 'json' } as Route<(typeof API)['orders']['approve']>,
  reject: { method: 'POST', path: '/api/orders/:id/reject', reply: 'json' } as Route<(typeof API)['orders']['reject']>,
  proof: { method: 'GET', path: '/api/orders/:id/proof', reply: 'json' } as Route<(typeof API)['orders']['proof']>,
  download: { method: 'GET', path: '/api/orders/:id/download', reply: 'json' } as Route<(typeof API)['orders']['download']>,
  certificate: { method: 'GET', path: '/api/orders/:id/certificate', reply: 'file' } as Route<(typeof API)['orders']['certificate']>,
} as const;

export const radio = {
  submitMusic: { method: 'POST', path: '/api/radio/submissions', reply: 'json' } as Route<(typeof API)['radio']['submitMusic']>,
  submitAd: { method: 'POST', path: '/api/radio/ads', reply: 'json' } as Route<(typeof API)['radio']['submitAd']>,
  station: { method: 'GET', path: '/api/cms/radio/station', reply: 'json' } as Route<(typeof API)['radio']['station']>,
  quickSend: { method: 'POST', path: '/api/cms/radio/send', reply: 'json' } as Route<(typeof API)['radio']['quickSend']>,
  approve: { method: 'POST', path: '/api/cms/radio/:id/approve', reply: 'json' } as Route<(typeof API)['radio']['approve']>,
  reject: { method: 'POST', path: '/api/cms/radio/:id/reject', reply: 'json' } as Route<(typeof API)['radio']['reject']>,
  downloadLink: { method: 'POST', path: '/api/cms/radio/:id/download-link', reply: 'json' } as Route<(typeof API)['radio']['downloadLink']>,
  markUploaded: { method: 'POST', path: '/api/cms/radio/:id/mark-uploaded', reply: 'json' } as Route<(typeof API)['radio']['markUploaded']>,
  upload: { method: 'POST', path: '/api/cms/radio/:id/upload', reply: 'json' } as Route<(typeof API)['radio']['upload']>,
  schedule: { method: 'POST', path: '/api/cms/radio/:id/schedule', reply: 'json' } as Route<(typeof API)['radio']['schedule']>,
} as const;

export const mail = {
  unsubscribePage: { method: 'GET', path: '/api/mail/unsubscribe', reply: 'redirect' } as Route<(typeof API)['mail']['unsubscribePage']>,
  unsubscribe: { method: 'POST', path: '/api/mail/unsubscribe', reply: 'json' } as Route<(typeof API)['mail']['unsubscribe']>,
  sendTest: { method: 'POST', path: '/api/cms/email/test', reply: 'json' } as Route<(typeof API)['mail']['sendTest']>,
  campaign: { method: 'POST', path: '/api/cms/email/campaigns', reply: 'json' } as Route<(typeof API)['mail']['campaign']>,
  couponCampaign: { method: 'POST', path: '/api/cms/email/campaigns/coupon', reply: 'json' } as Route<(typeof API)['mail']['couponCampaign']>,
  sendBatch: { method: 'POST', path: '/api/cms/email/campaigns/:id/send', reply: 'json' } as Route<(typeof API)['mail']['sendBatch']>,
  logs: { method: 'GET', path: '/api/cms/email/logs', reply: 'json' } as Route<(typeof API)['mail']['logs']>,
  templates: { method: 'GET', path: '/api/cms/email/templates', reply: 'json' } as Route<(typeof API)['mail']['templates']>,
  saveTemplate: { method: 'POST', path: '/api/cms/email/templates/:name', reply: 'json' } as Route<(typeof API)['mail']['saveTemplate']>,
  resetTemplate: { method: 'POST', path: '/api/cms/email/templates/:name/reset', reply: 'json' } as Route<(typeof API)['mail']['resetTemplate']>,
  previewTemplate: { method: 'POST', path: '/api/cms/email/templates/:name/preview', reply: 'json' } as Route<(typeof API)['mail']['previewTemplate']>,
} as const;

export const docs = {
  openapi: { method: 'GET', path: '/api/openapi.json', reply: 'file' } as Route<(typeof API)['docs']['openapi']>,
} as const;
