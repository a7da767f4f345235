import { Scale } from 'lucide-react';
import { SITE_NAME } from '@/config/site';
import { m } from '@/paraglide/messages.js';
import { closingSections } from './closingSections';
import { LegalDocument, LegalList, type LegalSection } from './LegalDocument';

const site = { site: SITE_NAME };

/** The terms' sections, read in the language of the moment. */
const sections = (): LegalSection[] => [
  {
    heading: m.legal_terms_acceptance_heading(),
    body: <p>{m.legal_terms_acceptance(site)}</p>,
  },
  {
    heading: m.legal_terms_service_heading(),
    body: (
      <>
        <p>{m.legal_terms_service()}</p>
        <p>{m.legal_terms_independent(site)}</p>
      </>
    ),
  },
  {
    heading: m.legal_terms_account_heading(),
    body: (
      <>
        <p>{m.legal_terms_account(site)}</p>
        <p>{m.legal_terms_verify()}</p>
      </>
    ),
  },
  {
    heading: m.legal_terms_earning_heading(),
    body: (
      <>
        <p>{m.legal_terms_earning()}</p>
        <p>{m.legal_terms_conditions()}</p>
      </>
    ),
  },
  {
    heading: m.legal_terms_withdrawals_heading(),
    body: <p>{m.legal_terms_withdrawals()}</p>,
  },
  {
    heading: m.legal_terms_fair_heading(),
    body: (
      <>
        <p>{m.legal_terms_fair_intro()}</p>
        <LegalList
          items={[
            m.legal_terms_fair_vpn(),
            m.legal_terms_fair_false(),
            m.legal_terms_fair_refer(),
            m.legal_terms_fair_attack(),
          ]}
        />
        <p>{m.legal_terms_fair_ban()}</p>
      </>
    ),
  },
  {
    heading: m.legal_terms_availability_heading(),
    body: <p>{m.legal_terms_availability()}</p>,
  },
  {
    heading: m.legal_terms_liability_heading(),
    body: <p>{m.legal_terms_liability()}</p>,
  },
  ...closingSections(m.legal_terms_law(), (link) => m.legal_terms_contact({ link })),
];

export function TermsPage() {
  return (
    <LegalDocument
      title={m.legal_terms_title()}
      icon={Scale}
      intro={m.legal_terms_intro(site)}
      sections={sections()}
    />
  );
}
