/** Texts of the unsubscribe page and its API (campaign mail only; account mail always goes out). */
export const MAIL_MSG = {
  unsubscribeTitle: 'Email preferences',
  unsubscribeIntro: 'Stop receiving campaign and promotional emails from Fool Rate?',
  accountMailNote: 'You will still receive emails about your account: verification, orders, radio submissions and roles.',
  unsubscribe: 'Unsubscribe',
  unsubscribed: 'You are unsubscribed from campaign emails.',
  resubscribe: 'Subscribe again',
  resubscribed: 'You will receive campaign emails again.',
  badLink: 'This unsubscribe link is not valid. Use the link from your latest email.',
  failed: 'Could not update your email preferences. Try again.',
} as const;
