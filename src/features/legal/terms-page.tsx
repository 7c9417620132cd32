import { CLIP_SECONDS, CONTACT_EMAIL, DEFAULT_PRICING, PRODUCT_NAME } from '@common/constants';
import { LegalEmailLink, LegalLayout, type LegalSectionEntry } from './legal-layout';

const SECTIONS: readonly LegalSectionEntry[] = [
  {
    id: 'acceptance',
    heading: 'Acceptance of These Terms',
    body: (
      <p>By creating an account or using {PRODUCT_NAME} you agree to these Terms of Service and to our Privacy Policy. If you do not agree, do not use the service.</p>
    ),
  },
  {
    id: 'purpose',
    heading: 'Purpose of the Platform',
    body: (
      <p>{PRODUCT_NAME} is a promotional platform for music and artists. Listeners hear a {CLIP_SECONDS}-second clip blind and guess whether it was made by a human, an AI or both (hybrid); tracks that fool more voters rank higher. The platform also offers a licensing marketplace, a token system, paid radio submissions and a live radio player. Its purpose is to help artists get heard, get feedback and get discovered. It is not a financial, investment or employment service.</p>
    ),
  },
  {
    id: 'eligibility',
    heading: 'Eligibility',
    body: (
      <ul>
        <li>You must be at least 18 years old, or be using {PRODUCT_NAME} with the consent and supervision of a parent or legal guardian who agrees to these terms on your behalf. The service is not available to children under 13.</li>
        <li>You must own, or be authorised by the owner to upload, every piece of content you submit, including audio, video, cover art and any samples, vocals or other material it contains.</li>
        <li>You must provide accurate account information and keep your sign-in credentials secure. You are responsible for activity on your account. One account per person.</li>
      </ul>
    ),
  },
  {
    id: 'ownership',
    heading: 'Your Content and Ownership',
    body: (
      <>
        <p><strong>You keep 100% ownership of your content.</strong> We do not claim any ownership of the tracks, videos, cover art or creation stories you upload.</p>
        <p>By uploading, you grant {PRODUCT_NAME} a worldwide, non-exclusive, royalty-free, revocable licence to host, store, reproduce, stream, transcode, clip and display your content, and to use it to promote you and the platform. This includes creating the {CLIP_SECONDS}-second voting clip, showing your track on leaderboards and in the marketplace, and playing it on radio when you submit it for radio play.</p>
        <p>You can revoke this licence at any time by deleting the content or your account. We will stop using it within a reasonable time, except for copies kept in backups, records of completed transactions and licences you have already sold to buyers, which stay valid on their own terms.</p>
        <p>You are responsible for the accuracy of your creation story. Deliberately misrepresenting how a track was made in a way that breaks the contest rules may lead to removal.</p>
      </>
    ),
  },
  {
    id: 'copyright',
    heading: 'Copyright and Content Rules',
    body: (
      <>
        <p>Do not upload content that infringes anyone&apos;s copyright, trademark, publicity or other rights. Uploads are checked with automated detection tools, and we may also review content manually.</p>
        <ul>
          <li>Content found or reasonably believed to be infringing will be removed, and related tokens, listings or rankings may be cancelled.</li>
          <li>Accounts of repeat infringers will be terminated.</li>
          <li>Content that is unlawful, hateful, harassing, sexually explicit involving minors, or that promotes violence is prohibited.</li>
        </ul>
        <p>If you believe content on {PRODUCT_NAME} infringes your copyright, email <LegalEmailLink email={CONTACT_EMAIL} /> with your contact details, the work you own, the location of the infringing content, and a statement that you have a good-faith belief the use is unauthorised. If you believe your content was removed by mistake, you may send us a counter-notice.</p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    heading: 'Acceptable Use',
    body: (
      <p>You agree not to manipulate votes or rankings (including with bots, scripts or multiple accounts), create fake referrals, abuse coupons, scrape or download content you do not own, interfere with the service&apos;s security, or use {PRODUCT_NAME} for any unlawful purpose.</p>
    ),
  },
  {
    id: 'tokens',
    heading: 'Tokens and Credits',
    body: (
      <>
        <p>{PRODUCT_NAME} uses tokens (also called credits) to unlock features such as voting sessions, contest entries, marketplace listings and radio submissions. Tokens can be earned (for example a signup bonus of {DEFAULT_PRICING.signup_grant} tokens, {DEFAULT_PRICING.daily_drip} free token daily and {DEFAULT_PRICING.referral_reward} tokens per successful referral), received through coupons, or bought in token packs.</p>
        <ul>
          <li>Tokens are <strong>non-monetary promotional incentives</strong> with no cash value. They are not money, currency, securities or any other financial instrument.</li>
          <li>Tokens are <strong>not redeemable for cash</strong> or for anything outside the platform, and purchases of token packs are final except where refunds are required by law.</li>
          <li>You should have <strong>no expectation of profit or investment return</strong> from tokens. Do not acquire them for that purpose.</li>
          <li>We may adjust token prices, rewards and balances, and correct balances affected by errors or abuse.</li>
        </ul>
        <p>We may in the future migrate tokens to a blockchain (such as Solana), and you may optionally link a wallet address. Any such migration does not change the nature of tokens described above: they remain promotional, non-monetary incentives and not investments or securities.</p>
      </>
    ),
  },
  {
    id: 'marketplace',
    heading: 'Marketplace, Payments and Radio',
    body: (
      <>
        <p>Licences in the marketplace may be bought with tokens or by peer-to-peer payment (for example Cash App) made directly between buyer and seller. {PRODUCT_NAME} is not a party to peer-to-peer payments, does not hold funds and is not responsible for payment disputes, though we may suspend users who misuse the marketplace. Sellers are responsible for the licence terms they offer and for any taxes due.</p>
        <p>Card payments for token packs are processed by Stripe under Stripe&apos;s own terms. Paid radio submissions are reviewed before being passed to our radio station partner; payment for a submission does not guarantee airplay.</p>
      </>
    ),
  },
  {
    id: 'changes-to-service',
    heading: 'Future Features and Changes',
    body: (
      <p>{PRODUCT_NAME} is evolving. We may add, change, suspend or remove features (including contests, the marketplace, token rules, radio and the planned blockchain migration) at any time. We may also update these terms; we will post the new version here with a new effective date and give notice of material changes. Continuing to use the service after a change means you accept it.</p>
    ),
  },
  {
    id: 'indemnification',
    heading: 'Indemnification',
    body: (
      <p>You agree to defend, indemnify and hold harmless {PRODUCT_NAME} and its owners, staff and partners from any claims, damages, losses and expenses (including reasonable legal fees) arising from your content, your use of the service, your dealings with other users, or your breach of these terms or of anyone&apos;s rights.</p>
    ),
  },
  {
    id: 'termination',
    heading: 'Termination',
    body: (
      <p>You may stop using {PRODUCT_NAME} and delete your account at any time. We may suspend or terminate your account, remove content or cancel tokens if you break these terms, infringe others&apos; rights, or create risk or legal exposure for us. On termination your right to use the service ends and unused tokens are forfeited. Sections that by their nature should survive (such as ownership, indemnification, disclaimers and limitation of liability) survive termination.</p>
    ),
  },
  {
    id: 'disclaimers',
    heading: 'Disclaimers',
    body: (
      <p>The service is provided &quot;as is&quot; and &quot;as available&quot;, without warranties of any kind, express or implied, including merchantability, fitness for a particular purpose and non-infringement. We do not guarantee that the service will be uninterrupted or error-free, that offline data will sync, that voting results or fool rates are accurate, or that your music will gain listeners, licences or radio play.</p>
    ),
  },
  {
    id: 'liability',
    heading: 'Limitation of Liability',
    body: (
      <p>To the fullest extent permitted by law, {PRODUCT_NAME} will not be liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, data or goodwill. Our total liability for any claim relating to the service is limited to the greater of the amount you paid us in the 12 months before the claim or US$50. Some jurisdictions do not allow these limits, so they may not fully apply to you.</p>
    ),
  },
  {
    id: 'governing-law',
    heading: 'Governing Law',
    body: (
      <p>These terms are governed by the laws of the State of Wyoming, USA, without regard to its conflict-of-laws rules. Any dispute will be brought in the state or federal courts located in Wyoming, and you consent to their jurisdiction.</p>
    ),
  },
  {
    id: 'contact',
    heading: 'Contact',
    body: (
      <p>Questions about these terms? Email us at <LegalEmailLink email={CONTACT_EMAIL} />.</p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      intro={
        <>
          These Terms of Service govern your use of {PRODUCT_NAME}, including its website, app, contests, marketplace, tokens and radio features. Please read them carefully.
        </>
      }
      sections={SECTIONS}
    />
  );
}
