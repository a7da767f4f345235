import { OperatorContact } from '@/components/ui/CommunityLink';
import { m } from '@/paraglide/messages.js';
import { CommunityChatLink } from './CommunityChatLink';
import type { LegalSection } from './LegalDocument';
import { withElement } from './withElement';

/**
 * The last two sections of every legal page: the governing law (`law`), then how to reach the operator,
 * `contact` being the page's sentence with the community chat link inside it.
 */
export function closingSections(law: string, contact: (link: string) => string): LegalSection[] {
  return [
    {
      heading: m.legal_governing_law_heading(),
      body: <p>{law}</p>,
    },
    {
      heading: m.legal_contact_heading(),
      body: (
        <>
          <p>{withElement(contact, <CommunityChatLink />)}</p>
          <OperatorContact />
        </>
      ),
    },
  ];
}
