import type { Metadata } from 'next';
import { PartnerDashboard } from '@/components/dashboard/partner-dashboard';
import { loadDashboard, type DashboardQuery } from '@/lib/dashboard/load-dashboard';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = {
  title: 'Partner',
  robots: { index: false, follow: false, nocache: true },
};

type SearchParams = Record<string, string | string[] | undefined>;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** The partner's clicks-and-commission dashboard (sign-in first). */
export default async function PartnerPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const params = await searchParams;
  const query: DashboardQuery = {
    period: first(params.period),
    from: first(params.from),
    to: first(params.to),
    signin: first(params.signin),
    wait: first(params.wait),
  };
  return <PartnerDashboard view={await loadDashboard(query)} />;
}
