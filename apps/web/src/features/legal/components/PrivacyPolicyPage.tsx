import { Lock } from 'lucide-react';
import { SITE_NAME } from '@/config/site';
import { CommunityChatLink } from './CommunityChatLink';
import { LegalDocument, LegalList, type LegalSection } from './LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Who we are',
    body: (
      <p>
        {SITE_NAME} is responsible for the personal data described in this policy. We process it in accordance
        with the EU General Data Protection Regulation (GDPR) and Belgian data protection law.
      </p>
    ),
  },
  {
    heading: 'What we collect',
    body: (
      <LegalList
        items={[
          'your Roblox username, display name and Roblox user id, and your public Roblox avatar and profile description when you verify your account;',
          'your balance and the history of rewards, referrals, promo codes, giveaway entries and withdrawals;',
          'the gamepass links you submit for withdrawals;',
          'technical data such as your IP address and browser type, used for security and to prevent abuse.',
        ]}
      />
    ),
  },
  {
    heading: 'Why we use it',
    body: (
      <LegalList
        items={[
          'to run your account, credit rewards and pay out withdrawals (performance of our agreement with you);',
          'to prevent fraud, multiple accounts and abuse, and to keep the Service secure (our legitimate interest);',
          'to meet legal obligations, such as keeping accounting records.',
        ]}
      />
    ),
  },
  {
    heading: 'Partners',
    body: (
      <p>
        When you open an offerwall or survey wall, the partner receives your user id so it can report
        completed offers to us. Those partners process data under their own privacy policies. We look up
        public profile data on Roblox to find your user id, show your avatar and verify your account. We do
        not sell your data.
      </p>
    ),
  },
  {
    heading: 'Data in your browser',
    body: (
      <p>
        We keep your username, Roblox id, session token and referral counts in your browser&rsquo;s local
        storage so you stay signed in. Logging out removes them. We do not use advertising or tracking
        cookies.
      </p>
    ),
  },
  {
    heading: 'How long we keep it',
    body: (
      <p>
        We keep your account data for as long as your account is active. Records of rewards and withdrawals
        are kept as long as the law requires. Security logs are deleted after a short period.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <>
        <p>
          You have the right to access, correct or delete your personal data, to restrict or object to its
          processing and to data portability. To use these rights, contact us as described below.
        </p>
        <p>
          You may also lodge a complaint with the Belgian Data Protection Authority
          (Gegevensbeschermingsautoriteit / Autorit&eacute; de protection des donn&eacute;es).
        </p>
      </>
    ),
  },
  {
    heading: 'Governing law',
    body: <p>This policy is governed by Belgian law.</p>,
  },
  {
    heading: 'Contact',
    body: (
      <p>
        For privacy questions or requests, open a ticket in the support channel of our <CommunityChatLink />.
      </p>
    ),
  },
];

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      icon={Lock}
      intro={`This policy explains what personal data ${SITE_NAME} collects, why, and what your rights are.`}
      sections={sections}
    />
  );
}
