import { Lock } from 'lucide-react';
import { SITE_NAME } from '@/config/site';
import { CommunityChatLink } from './CommunityChatLink';
import { LegalDocument, LegalList, type LegalSection } from './LegalDocument';
import { STORED_DATA } from './storedData';

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
    heading: 'What we store, why, and for how long',
    body: (
      <LegalList
        items={STORED_DATA.map((item) => (
          <>
            <strong className="text-white">{item.what}:</strong> {item.details} <em>Why:</em> {item.why}{' '}
            <em>Kept:</em> {item.kept}
          </>
        ))}
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
        storage so you stay signed in. Logging out removes them. A <code>device_id</code> cookie holds a
        random value for 400 days so we can recognise the browser when preventing abuse; we store only its
        keyed hash. We do not use advertising or tracking cookies.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <>
        <p>
          You have the right to access, correct or delete your personal data, to restrict or object to its
          processing and to data portability. Two buttons on your profile page do the most common requests at
          once:
        </p>
        <LegalList
          items={[
            <>
              <strong className="text-white">Download my data</strong> gives you a file (JSON, with a readable
              summary) of everything we hold about you: your account, rewards history, withdrawals and their
              states, verification history, referrals, sessions (without their secrets), giveaway entries,
              promo code redemptions and the sign-in signals that concern you.
            </>,
            <>
              <strong className="text-white">Delete my account</strong> asks you to confirm in a dialog (a
              protected account also asks for proof that you own it). It signs out every session and erases
              your username, the link to your Roblox id, your verification data, address hashes and device
              ids. Your rewards history and withdrawals are kept for our accounting and fraud duties, with
              nothing that leads back to your Roblox account. A positive balance is forfeited; the dialog
              shows the amount first. While a withdrawal is in progress you cannot delete your account: wait
              until it is paid or refunded. Signing in again later with the same Roblox name creates a new
              account.
            </>,
          ]}
        />
        <p>For any other request, contact us as described below.</p>
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
      intro={`This policy explains what personal data ${SITE_NAME} stores, why, for how long, and what your rights are.`}
      sections={sections}
    />
  );
}
