import { Scale } from 'lucide-react';
import { SITE_NAME } from '@/config/site';
import { CommunityChatLink } from './CommunityChatLink';
import { LegalDocument, LegalList, type LegalSection } from './LegalDocument';

const sections: LegalSection[] = [
  {
    heading: 'Acceptance of these terms',
    body: (
      <p>
        By signing in to or using {SITE_NAME} (the &ldquo;Service&rdquo;) you agree to these Terms of Service.
        If you do not agree, do not use the Service. If you are under the age of digital consent in your
        country, you may only use the Service with the permission of a parent or guardian.
      </p>
    ),
  },
  {
    heading: 'What the Service is',
    body: (
      <>
        <p>
          The Service lets you earn points, shown as Robux (R$), by completing offers and surveys from
          third-party partners, keeping a daily streak, redeeming promo codes, referring friends and entering
          giveaways. You can withdraw earned Robux to a gamepass on Roblox.
        </p>
        <p>
          {SITE_NAME} is an independent service. It is not affiliated with, endorsed or sponsored by Roblox
          Corporation. &ldquo;Roblox&rdquo; and &ldquo;Robux&rdquo; are trademarks of Roblox Corporation.
        </p>
      </>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <>
        <p>
          You sign in with your Roblox username. We never ask for your Roblox password and you must never
          share it with anyone claiming to be from {SITE_NAME}. You may use only one account and only a Roblox
          account that belongs to you.
        </p>
        <p>
          Before your first withdrawal you must verify that you own the Roblox account by placing a sentence
          we give you in your Roblox profile description.
        </p>
      </>
    ),
  },
  {
    heading: 'Earning rewards',
    body: (
      <>
        <p>
          Offers and surveys are provided by third parties, whose own terms also apply. A reward is credited
          once the partner confirms completion. Partners may reverse a reward later (for example, when an
          offer was not genuinely completed); the reversed amount is then deducted from your balance.
        </p>
        <p>
          Promo codes, daily rewards and giveaway prizes are subject to the conditions shown when offered.
        </p>
      </>
    ),
  },
  {
    heading: 'Withdrawals',
    body: (
      <p>
        Robux are paid out by purchasing a gamepass that was created by your own verified Roblox account, for
        the amount you request and at most your available balance. We may delay or refuse a withdrawal while
        we investigate suspected abuse. Points have no cash value and cannot be exchanged for money.
      </p>
    ),
  },
  {
    heading: 'Fair use',
    body: (
      <>
        <p>You agree not to:</p>
        <LegalList
          items={[
            'use VPNs, proxies, bots, scripts or multiple accounts to earn rewards;',
            'provide false information to offer or survey partners;',
            'refer yourself or create accounts to collect referral bonuses;',
            'attack, overload or try to get around the security of the Service.',
          ]}
        />
        <p>
          We may suspend or ban accounts that break these rules and cancel rewards that were obtained by
          breaking them. A banned account cannot earn, claim or withdraw.
        </p>
      </>
    ),
  },
  {
    heading: 'Availability and changes',
    body: (
      <p>
        The Service is provided &ldquo;as is&rdquo;. We do our best to keep it available but do not guarantee
        uninterrupted access, nor the availability of any particular offer. We may change these terms; the
        date at the top of this page shows the latest version, and continuing to use the Service means you
        accept it.
      </p>
    ),
  },
  {
    heading: 'Liability',
    body: (
      <p>
        To the extent permitted by law, we are not liable for indirect damages, for the content or conduct of
        third-party partners, or for outages of Roblox. Nothing in these terms limits rights you have as a
        consumer under mandatory law.
      </p>
    ),
  },
  {
    heading: 'Governing law',
    body: (
      <p>
        These terms are governed by Belgian law. Disputes are submitted to the competent courts of Belgium,
        without prejudice to any mandatory consumer protection rules of the country where you live.
      </p>
    ),
  },
  {
    heading: 'Contact',
    body: (
      <p>
        Questions about these terms? Open a ticket in the support channel of our <CommunityChatLink />.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      icon={Scale}
      intro={`These terms explain the rules for using ${SITE_NAME}. Please read them carefully.`}
      sections={sections}
    />
  );
}
