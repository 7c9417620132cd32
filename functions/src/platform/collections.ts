/** Firestore collection names, in one place. */
export const COL = {
  profiles: 'profiles',
  usernames: 'usernames',
  userRoles: 'user_roles',
  balances: 'token_balances',
  ledger: 'token_ledger',
  ledgerKeys: 'ledger_keys',
  dailyGrants: 'daily_token_grants',
  coupons: 'coupons',
  couponRedemptions: 'coupon_redemptions',
  appConfig: 'app_config',
  migrationConfig: 'migration_config',
  migrationLog: 'migration_log',
} as const;
