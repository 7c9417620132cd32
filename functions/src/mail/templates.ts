/**
 * Every mail the product sends, in one place: its default subject and body (plain text with
 * {{placeholders}}), what it is for, and sample data for the CMS preview. An admin's edit is
 * stored in mail_templates/{name} ({ subject, body }) and wins over the default; the html part is
 * made from the body by compose.ts, in the product's look.
 *
 * `kind` decides the unsubscribe rule: account mail always goes out; campaign mail carries an
 * unsubscribe link and is not sent to a user who followed it.
 */
import type { MailKind } from '../platform/mail/mail';

export type TemplateDef = {
  label: string;
  use: string;
  kind: MailKind;
  subject: string;
  body: string;
  /** Every placeholder the template may use, with a sample value for the preview. */
  sample: Record<string, string>;
};

export const TEMPLATES = {
  verification: {
    label: 'Verification Email',
    use: 'Sent at sign-up with the link that verifies the address',
    kind: 'account',
    subject: 'Verify your email for Fool Rate',
    body: `Hi {{username}},

Welcome to Fool Rate! Please confirm that this is your email address by opening the link below:

{{link}}

{{referral_note}}

If you did not sign up, you can ignore this email.`,
    sample: {
      username: 'listener42',
      link: 'https://foolrate.example/verify?oobCode=sample',
      // Only for an account that signed up with a referral; empty for the others.
      referral_note: 'Once it is verified, whoever referred you gets their reward.',
    },
  },
  password_reset: {
    label: 'Password Reset Email',
    use: 'Sent when someone asks to reset an account’s password (from the sign-in page)',
    kind: 'account',
    subject: 'Reset your Fool Rate password',
    body: `Hi {{username}},

Someone asked to reset the password of your Fool Rate account. To choose a new one, open the link below. It works once, within an hour:

{{link}}

If you did not ask for this, you can ignore this email: your password stays as it is.`,
    sample: {
      username: 'listener42',
      link: 'https://foolrate.example/reset-password?code=sample',
    },
  },
  welcome: {
    label: 'Welcome Email',
    use: 'Sent to new users after signup',
    kind: 'account',
    subject: 'Welcome to Fool Rate, {{username}}!',
    body: `Hi {{username}},

Your account is ready, with a signup bonus of {{bonus_tokens}}.

Come back every day for your free daily token ({{daily_tokens}} a day), spend tokens on vote sessions, contest entries and marketplace listings, and try to tell human from AI.

Share your affiliate link: you earn {{reward_tokens}} for every friend who signs up with it and verifies their email.

{{affiliate_link}}

Start voting: {{app_url}}/vote`,
    sample: {
      username: 'listener42',
      signup_bonus: '25',
      balance: '25',
      daily: '1',
      referral_reward: '5',
      bonus_tokens: '25 tokens',
      daily_tokens: '1 token',
      reward_tokens: '5 tokens',
      affiliate_link: 'https://foolrate.example/listener42',
      app_url: 'https://foolrate.example',
    },
  },
  coupon: {
    label: 'Coupon Email',
    use: 'For promotional coupons',
    kind: 'campaign',
    subject: 'A gift from Fool Rate: {{tokens}} free tokens',
    body: `Hi {{username}},

Here is a coupon worth {{tokens}} tokens: {{code}}

Redeem it on your welcome page: {{app_url}}/welcome`,
    sample: { username: 'listener42', tokens: '50', code: 'SPRING50', app_url: 'https://foolrate.example' },
  },
  admin_invite: {
    label: 'Admin Invite',
    use: 'Sent to a user who is invited to help run the platform as an admin',
    kind: 'account',
    subject: 'You are now {{role}} on Fool Rate',
    body: `Hi {{username}},

{{granted_by}} has made you {{role}} on Fool Rate. You can now moderate submissions, run the radio queue and manage the platform from the CMS:

{{app_url}}/cms

Sign in with your usual account.`,
    sample: { username: 'listener42', role: 'an admin', granted_by: 'superadmin', app_url: 'https://foolrate.example' },
  },
  order_created: {
    label: 'Order Created',
    use: 'To the buyer of a Cash App order: how to pay and upload the proof',
    kind: 'account',
    subject: 'Your order for "{{track_title}}": pay to complete it',
    body: `Hi {{username}},

Your order for "{{track_title}}" ({{license}}, {{price}}) is waiting for payment. Send the payment to {{cash_tag}} on Cash App, then upload a screenshot of it on the order page before {{expires_at}}:

{{order_url}}`,
    sample: {
      username: 'listener42',
      track_title: 'Neon Rain',
      license: 'Basic licence, full version',
      price: '$49.00',
      cash_tag: '$seller',
      expires_at: '25 Nov 2026, 14:00 UTC',
      order_url: 'https://foolrate.example/orders',
    },
  },
  order_proof: {
    label: 'Payment Proof Uploaded',
    use: 'To the seller: a buyer uploaded their payment proof, to approve or reject',
    kind: 'account',
    subject: 'Payment proof for "{{track_title}}" to review',
    body: `Hi {{username}},

{{buyer}} uploaded the proof of their Cash App payment ({{price}}) for "{{track_title}}". Check that the money arrived, then approve or reject the order:

{{order_url}}`,
    sample: { username: 'seller', buyer: 'listener42', price: '$49.00', track_title: 'Neon Rain', order_url: 'https://foolrate.example/orders' },
  },
  order_approved: {
    label: 'Order Approved',
    use: 'To the buyer: the seller approved the payment; the licence is ready',
    kind: 'account',
    subject: 'Your licence for "{{track_title}}" is ready',
    body: `Hi {{username}},

{{seller}} confirmed your payment for "{{track_title}}". Download the track and your licence certificate from your orders:

{{order_url}}`,
    sample: { username: 'listener42', seller: 'seller', track_title: 'Neon Rain', order_url: 'https://foolrate.example/orders' },
  },
  order_rejected: {
    label: 'Order Rejected',
    use: 'To the buyer: the seller rejected the payment proof',
    kind: 'account',
    subject: 'Your order for "{{track_title}}" was rejected',
    body: `Hi {{username}},

{{seller}} could not confirm your payment for "{{track_title}}" and rejected the order. If you did pay, contact the seller. Your orders:

{{order_url}}`,
    sample: { username: 'listener42', seller: 'seller', track_title: 'Neon Rain', order_url: 'https://foolrate.example/orders' },
  },
  radio_approved: {
    label: 'Radio Submission Approved',
    use: 'To the submitter: their radio submission was approved',
    kind: 'account',
    subject: '"{{title}}" is approved for Fool Rate Radio',
    body: `Hi {{username}},

Good news: your radio submission "{{title}}" is approved. We will let you know when it is scheduled to air.

{{app_url}}/my-tracks`,
    sample: { username: 'listener42', title: 'Neon Rain', app_url: 'https://foolrate.example' },
  },
  radio_rejected: {
    label: 'Radio Submission Rejected',
    use: 'To the submitter: their radio submission was turned down (or its track left the contest before it aired)',
    kind: 'account',
    subject: '"{{title}}" will not air on Fool Rate Radio',
    body: `Hi {{username}},

Your radio submission "{{title}}" was not accepted for Fool Rate Radio. {{refund}}

{{app_url}}/my-tracks`,
    sample: { username: 'listener42', title: 'Neon Rain', refund: 'The 1000 tokens it cost are back in your balance.', app_url: 'https://foolrate.example' },
  },
  radio_scheduled: {
    label: 'Radio Submission Scheduled',
    use: 'To the submitter: when their submission airs',
    kind: 'account',
    subject: '"{{title}}" airs on Fool Rate Radio on {{scheduled_at}}',
    body: `Hi {{username}},

Your radio submission "{{title}}" is scheduled to air on {{scheduled_at}}. Listen on the radio bar of the site:

{{app_url}}`,
    sample: { username: 'listener42', title: 'Neon Rain', scheduled_at: '25 Nov 2026, 20:00 UTC', app_url: 'https://foolrate.example' },
  },
} as const satisfies Record<string, TemplateDef>;

export type TemplateName = keyof typeof TEMPLATES;

/** Placeholders an edit must keep: the link, code or payment details the mail is sent for. */
export const REQUIRED_PLACEHOLDERS: Partial<Record<TemplateName, readonly string[]>> = {
  verification: ['link'],
  password_reset: ['link'],
  coupon: ['code'],
  order_created: ['cash_tag', 'order_url'],
  order_proof: ['order_url'],
  order_approved: ['order_url'],
  order_rejected: ['order_url'],
};
export const TEMPLATE_NAMES = Object.keys(TEMPLATES) as TemplateName[];
export const isTemplateName = (name: string): name is TemplateName => Object.hasOwn(TEMPLATES, name);
