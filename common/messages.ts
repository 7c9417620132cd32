import { PASSWORD_MIN } from './constants';
import { tokenCount } from './format';

/** User-facing texts from the spec's error catalogue, verbatim, shared by client and server. */
export const MSG = {
  accountCreated: 'Account created! Check your email to verify 🎉',
  signUpFailed: 'Sign up failed',
  welcomeBack: 'Welcome back!',
  signInFailed: 'Sign in failed',
  googleSignInFailed: 'Google sign in failed',
  signedOut: 'Signed out successfully',
  signOutFailed: 'Sign out failed',
  /** Asked before signing out while votes cast on this device cannot reach the server (offline). */
  signOutUnsentVotes: 'Some of your votes have not reached the server yet, and they cannot while you are offline. Sign out anyway and lose them?',
  usernameRequired: 'Username is required',
  usernameTaken: 'Username already taken',
  couponError: 'Coupon Error',
  couponErrorBody: 'Failed to apply coupon code',
  couponInvalid: 'Invalid Coupon',
  couponInvalidDefault: 'Coupon code is invalid',
  couponRedeemed: 'Coupon Redeemed!',
  walletSaveFailed: 'Failed to save wallet address',
  walletSaved: 'Wallet address saved!',
  affiliateCopied: 'Affiliate link copied!',
  affiliateCopyFailed: 'Failed to copy link',
  dailyClaimed: 'Daily Token Claimed! 🎁',
  /** The spec's '+1 token added to your balance', with the amount the claim granted (an admin sets daily_drip). */
  dailyClaimedBody: (tokens: number) => `+${tokenCount(tokens)} added to your balance`,
  insufficientTokens: 'Insufficient tokens',
  needTokens: (price: number, balance: number) => `You need ${price} tokens but only have ${balance}.`,
  onlySuperAdminsRoles: 'Only super admins can manage roles',
  onlySuperAdminsTokens: 'Only super admins can adjust tokens',
  negativeBalance: 'Cannot set negative balance',
  openingCms: 'Opening CMS…',
  signInToPurchase: 'Please sign in to purchase tokens',
} as const;

/** What a password shorter than PASSWORD_MIN is told (sign-up, the reset page). */
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;

/** The password reset: asked for from /auth's "Forgot password?", finished on /reset-password (the mail's link). */
export const PASSWORD_MSG = {
  forgot: 'Forgot password?',
  requestTitle: 'Reset your password',
  requestIntro: 'Enter the email address of your account. We will send you a link to choose a new password.',
  send: 'Send reset link',
  sent: (email: string) => `If an account uses ${email}, a link to reset its password is on its way. Check your inbox (and your spam folder).`,
  requestFailed: 'The reset link could not be sent. Please try again in a few minutes.',
  chooseTitle: 'Choose a new password',
  chooseIntro: (email: string) => `For the account ${email}.`,
  save: 'Save new password',
  saved: 'Password updated',
  savedBody: 'Sign in with your new password.',
  badLink: 'This reset link has expired or has already been used.',
  askAgain: 'Ask for a new link',
  checking: 'Checking your link…',
  failed: 'Your password could not be changed. Please try again.',
} as const;

/** The verification link has not been followed yet (POST /api/accounts/email-verified). */
export const EMAIL_NOT_VERIFIED = 'Your email address is not verified yet';
export const EMAIL_ALREADY_VERIFIED = 'Your email address is already verified';
/** The account's sign-in (Firebase Auth) address was moved off its own through Firebase's API: no link can verify the account's. */
export const EMAIL_NOT_SIGN_IN = 'Your sign-in email is not your account’s email address';
/** The welcome page's verification line and its resend button. */
export const VERIFY_MSG = {
  verified: 'Email verified',
  pending: 'Check your email to verify your address.',
  /** The same, for an account that came through a referral link. */
  pendingReferred: 'Check your email to verify your address: your referrer is rewarded once you do.',
  resend: 'Resend verification email',
  resent: 'Verification email sent. Check your inbox.',
  resendFailed: 'Could not send the verification email. Try again later.',
  /** The verification link opened where no one is signed in (another browser, the phone's mail app). */
  verifiedSignIn: 'Your email address is verified. Sign in to continue.',
  signInForBonus: 'Sign in to see your welcome bonus.',
  /** A debit refused because the account's address is not verified yet (tokens bought by card spend at once). */
  spendNeedsVerified: 'Verify your email to spend tokens',
  spendNeedsVerifiedDetail: 'Follow the link in the verification email we sent you, then try again.',
} as const;
