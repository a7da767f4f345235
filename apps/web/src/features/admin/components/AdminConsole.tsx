import { Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Shield } from 'lucide-react';
import { m } from '@/paraglide/messages.js';
import { PageHeader } from '@/components/ui/PageHeader';
import { CardSpinner } from '@/components/ui/CardStates';
import { AdminNav } from './AdminNav';
import { adminSections, parseSection, type AdminSectionId } from './sections';
import { OverviewSection } from './overview/OverviewSection';
import { EconomicsSection } from './economics/EconomicsSection';
import { UsersSection } from './users/UsersSection';
import { AuditSection } from './audit/AuditSection';
import { PromocodesSection } from './promocodes/PromocodesSection';
import { GiveawaysSection } from './giveaways/GiveawaysSection';
import { RacesSection } from './races/RacesSection';
import { LevelsSection } from './levels/LevelsSection';
import { WithdrawalsSection } from './withdrawals/WithdrawalsSection';
import { OffersSection } from './offers/OffersSection';
import { PayoutAccountPanel } from './payout-account/PayoutAccountPanel';
import { PayoutBanner } from './payout-account/PayoutBanner';
import { StaffSection } from './staff/StaffSection';
import { MyAccountSection } from './account/MyAccountSection';

const views: Record<AdminSectionId, () => ReactNode> = {
  overview: () => <OverviewSection />,
  economics: () => <EconomicsSection />,
  users: () => <UsersSection />,
  offers: () => <OffersSection />,
  promocodes: () => <PromocodesSection />,
  withdrawals: () => (
    <div className="flex flex-col gap-6">
      <PayoutAccountPanel />
      <WithdrawalsSection />
    </div>
  ),
  giveaways: () => <GiveawaysSection />,
  races: () => <RacesSection />,
  levels: () => <LevelsSection />,
  audit: () => <AuditSection />,
  staff: () => <StaffSection />,
  account: () => <MyAccountSection />,
};

/** The signed-in console: its own sidebar (top tabs under xl) and the section named by `?section=`. */
export function AdminConsole() {
  const [searchParams] = useSearchParams();
  const active = parseSection(searchParams.get('section'));
  const section = adminSections.find((s) => s.id === active)!;

  return (
    <>
      <PageHeader
        title={m.admin_title()}
        documentTitle={m.admin_document_title({ section: section.label() })}
        description={m.admin_description()}
        icon={Shield}
      />
      <PayoutBanner />
      <div className="grid gap-6 xl:grid-cols-[11rem_minmax(0,1fr)]">
        <AdminNav active={active} />
        <section aria-labelledby="admin-section-title" className="min-w-0">
          <div className="mb-5">
            <h2 id="admin-section-title" className="text-xl font-bold text-white">
              {section.label()}
            </h2>
            <p className="mt-1 text-sm text-slate-400">{section.description()}</p>
          </div>
          <Suspense fallback={<CardSpinner label={m.admin_loading_section()} />}>{views[active]()}</Suspense>
        </section>
      </div>
    </>
  );
}
