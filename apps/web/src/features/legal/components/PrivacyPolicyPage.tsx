import { Lock } from 'lucide-react';
import { SITE_NAME } from '@/config/site';
import { m } from '@/paraglide/messages.js';
import { OperatorContact } from '@/components/ui/CommunityLink';
import { closingSections } from './closingSections';
import { LegalDocument, LegalList, type LegalSection } from './LegalDocument';
import { storedData } from './storedData';
import { withElement } from './withElement';

const strong = (text: string) => <strong className="text-white">{text}</strong>;

/** The policy's sections, read in the language of the moment. */
const sections = (): LegalSection[] => [
  {
    heading: m.legal_privacy_who_heading(),
    body: (
      <>
        <p>{m.legal_privacy_who({ site: SITE_NAME })}</p>
        <OperatorContact />
      </>
    ),
  },
  {
    heading: m.legal_privacy_store_heading(),
    body: (
      <LegalList
        items={storedData().map((item) => (
          <>
            {strong(m.legal_label({ label: item.what }))} {item.details} <em>{m.legal_why()}</em> {item.why}{' '}
            <em>{m.legal_kept()}</em> {item.kept}
          </>
        ))}
      />
    ),
  },
  {
    heading: m.legal_privacy_public_heading(),
    body: (
      <>
        <p>{m.legal_privacy_public_intro()}</p>
        <LegalList
          items={[
            m.legal_privacy_public_leaderboard(),
            m.legal_privacy_public_live(),
            m.legal_privacy_public_giveaway(),
            m.legal_privacy_public_referral(),
          ]}
        />
      </>
    ),
  },
  {
    heading: m.legal_privacy_use_heading(),
    body: (
      <LegalList
        items={[m.legal_privacy_use_account(), m.legal_privacy_use_fraud(), m.legal_privacy_use_legal()]}
      />
    ),
  },
  {
    heading: m.legal_privacy_partners_heading(),
    body: <p>{m.legal_privacy_partners()}</p>,
  },
  {
    heading: m.legal_privacy_browser_heading(),
    body: <p>{withElement((cookie) => m.legal_privacy_browser({ cookie }), <code>device_id</code>)}</p>,
  },
  {
    heading: m.legal_privacy_rights_heading(),
    body: (
      <>
        <p>{m.legal_privacy_rights_intro()}</p>
        <LegalList
          items={[
            withElement(
              (button) => m.legal_privacy_rights_download({ button }),
              strong(m.legal_privacy_download_button()),
            ),
            withElement(
              (button) => m.legal_privacy_rights_delete({ button }),
              strong(m.legal_privacy_delete_button()),
            ),
          ]}
        />
        <p>{m.legal_privacy_rights_other()}</p>
        <p>{m.legal_privacy_rights_complaint()}</p>
      </>
    ),
  },
  ...closingSections(m.legal_privacy_law(), (link) => m.legal_privacy_contact({ link })),
];

export function PrivacyPolicyPage() {
  return (
    <LegalDocument
      title={m.legal_privacy_title()}
      icon={Lock}
      intro={m.legal_privacy_intro({ site: SITE_NAME })}
      sections={sections()}
    />
  );
}
