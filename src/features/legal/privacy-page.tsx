import { CONTACT_EMAIL, PRODUCT_NAME } from '@common/constants';
import { LegalEmailLink, LegalLayout, type LegalSectionEntry } from './legal-layout';

const SECTIONS: readonly LegalSectionEntry[] = [
  {
    id: 'information-we-collect',
    heading: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to run the contest, the marketplace, the token economy and radio submissions.</p>
        <h3>Account information</h3>
        <p>When you create an account we collect your email address, username, full name (if you provide it) and avatar or profile picture. If you sign in with a third-party provider such as Google, we receive the basic profile details that provider shares with us.</p>
        <h3>Content you upload</h3>
        <p>This includes audio files, optional music videos, cover art, track titles and descriptions, the creation story you tell about how a track was made (human, AI or hybrid), and any licensing terms you set for the marketplace.</p>
        <h3>Engagement and contest data</h3>
        <p>We record your votes and guesses (human, AI or hybrid), the fool-rate statistics for your tracks and your accuracy as a voter, listening activity such as plays and clip completions, leaderboard positions, token balances and transactions, referrals, coupon redemptions, licence purchases and radio submissions.</p>
        <h3>Device and analytics data</h3>
        <p>We automatically collect technical information such as browser and device type, operating system, language, approximate location derived from your IP address, pages and features used, crash and error reports, and timestamps. We use this to keep the service working and to understand how it is used.</p>
        <h3>Wallet and payout details</h3>
        <p>If you choose to provide them, we store payout and payment details such as a Cash App $cashtag for peer-to-peer licence payments, screenshots or other payment proofs you upload to confirm a payment, and a blockchain wallet address (for example a Solana address) for a possible future token migration. Wallet addresses are optional.</p>
        <h3>Card payments</h3>
        <p>Token packs bought by card are processed by <strong>Stripe</strong>. Your card details are entered directly with Stripe and we never see or store your full card number. We receive only limited information from Stripe, such as the purchase amount, the pack bought, the payment status and the last four digits and brand of the card.</p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    heading: 'How We Use Your Information',
    body: (
      <ul>
        <li>To create and manage your account and authenticate you.</li>
        <li>To host, stream and clip your tracks, run blind voting sessions and calculate fool rates and leaderboards.</li>
        <li>To credit and debit tokens, including the signup bonus, daily free token, referral rewards and coupons, and to process token pack purchases.</li>
        <li>To operate the licensing marketplace, including showing buyers your payout details so they can pay you and verifying payment proofs.</li>
        <li>To review and forward paid radio submissions to our radio station partner and show what is playing in the radio player.</li>
        <li>To detect fraud, vote manipulation, multiple accounts, abuse and copyright infringement, including automated checks on uploads.</li>
        <li>To send service messages such as receipts, security notices and important changes to these policies.</li>
        <li>To analyse usage, fix bugs and improve {PRODUCT_NAME}.</li>
        <li>To comply with legal obligations and enforce our Terms of Service.</li>
      </ul>
    ),
  },
  {
    id: 'no-sale',
    heading: 'We Do Not Sell Your Personal Data',
    body: (
      <p>We do not sell your personal data, and we do not share it with third parties for their own advertising. We disclose information only as described in this policy.</p>
    ),
  },
  {
    id: 'sharing',
    heading: 'How We Share Information',
    body: (
      <>
        <h3>Service providers</h3>
        <p>We use trusted providers who process data on our behalf and only as we instruct, including:</p>
        <ul>
          <li><strong>Firebase and Google Cloud</strong> for hosting, authentication, databases, file storage and analytics.</li>
          <li><strong>Stripe</strong> for card payments for token packs.</li>
          <li><strong>Our radio station partner</strong>, which receives the tracks, artist names and track details you submit for radio play.</li>
        </ul>
        <h3>Other users</h3>
        <p>Your username, avatar, public profile, published tracks, cover art, creation stories and fool-rate results are visible to other users, including on leaderboards. When you list a licence in the marketplace, buyers see the payout details needed to pay you, such as your Cash App $cashtag. Your individual votes are not shown publicly.</p>
        <h3>Legal requirements</h3>
        <p>We may disclose information if required by law, subpoena or court order, or if we believe in good faith it is necessary to protect the rights, property or safety of {PRODUCT_NAME}, our users or the public, or to respond to copyright complaints.</p>
        <h3>Business transfers</h3>
        <p>If we are involved in a merger, acquisition or sale of assets, your information may be transferred as part of that transaction, subject to this policy.</p>
      </>
    ),
  },
  {
    id: 'retention',
    heading: 'Data Retention',
    body: (
      <p>We keep your information for as long as your account is active or as needed to provide the service. When you delete your account we delete or anonymise your personal data within a reasonable period, except where we must keep records (for example transaction and payment records) for legal, tax, fraud-prevention or dispute purposes. Aggregated statistics that no longer identify you may be kept.</p>
    ),
  },
  {
    id: 'security',
    heading: 'Security',
    body: (
      <p>We protect your information with industry-standard measures, including encryption in transit (HTTPS), access controls and security rules on our databases and storage, time-limited signed links for protected files, and restricted staff access. No system is completely secure, so we cannot guarantee absolute security. Please keep your sign-in credentials private and tell us promptly if you suspect unauthorised access to your account.</p>
    ),
  },
  {
    id: 'your-rights',
    heading: 'Your Rights and Choices',
    body: (
      <>
        <p>Depending on where you live, you may have some or all of the following rights:</p>
        <ul>
          <li><strong>Access:</strong> ask for a copy of the personal data we hold about you.</li>
          <li><strong>Correction:</strong> update inaccurate information, most of which you can edit in your profile.</li>
          <li><strong>Deletion:</strong> delete your tracks or ask us to delete your account and personal data.</li>
          <li><strong>Opt out:</strong> unsubscribe from non-essential emails and decline optional analytics.</li>
          <li><strong>Export:</strong> receive your data in a portable, machine-readable format.</li>
        </ul>
        <p>To use these rights, email us at <LegalEmailLink email={CONTACT_EMAIL} />. We may need to verify your identity before acting on a request, and we will respond within the time required by applicable law. We will not discriminate against you for exercising your rights.</p>
      </>
    ),
  },
  {
    id: 'cookies-storage',
    heading: 'Cookies, Local Storage and Offline Data',
    body: (
      <>
        <p>{PRODUCT_NAME} is a progressive web app. To keep you signed in and make the app fast, we use cookies and similar technologies, including browser local storage.</p>
        <p>So that voting keeps working when your connection drops, the app stores data offline in your browser using <strong>IndexedDB</strong> and a <strong>service worker cache</strong>. This can include app files, track clips and cover images, your profile and token balance, and votes waiting to be synced. Pending votes are uploaded when you are back online.</p>
        <p>You can clear this data at any time through your browser settings (for example by clearing site data). Doing so may sign you out and remove any votes that have not yet synced.</p>
      </>
    ),
  },
  {
    id: 'children',
    heading: "Children's Privacy",
    body: (
      <p>{PRODUCT_NAME} is not intended for children under 13, and we do not knowingly collect personal data from children under 13. If you believe a child under 13 has given us personal data, contact us and we will delete it and close the account.</p>
    ),
  },
  {
    id: 'international',
    heading: 'International Users',
    body: (
      <p>We are based in the United States and our providers may process data in the United States and other countries. By using {PRODUCT_NAME} you understand that your information may be transferred to and processed in countries whose data protection laws may differ from those where you live.</p>
    ),
  },
  {
    id: 'changes',
    heading: 'Changes to This Policy',
    body: (
      <p>We may update this policy from time to time, for example when we add features such as the planned token migration to a blockchain. We will post the new version on this page and update the effective date above. If the changes are material, we will give you notice in the app or by email. Continuing to use {PRODUCT_NAME} after an update means you accept the revised policy.</p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact Us',
    body: (
      <p>If you have questions or requests about this policy or your data, email us at <LegalEmailLink email={CONTACT_EMAIL} />.</p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      intro={
        <>
          This Privacy Policy explains how {PRODUCT_NAME} (&quot;we&quot;, &quot;us&quot;, &quot;our&quot;) collects, uses and protects your information when you use our website and app, where listeners hear music clips blind and guess whether a human, an AI or both made them.
        </>
      }
      sections={SECTIONS}
    />
  );
}
