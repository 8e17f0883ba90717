import type { SignedInUser } from '@sc/common';
import { HomeBanner } from '../banner/home-banner.tsx';
import { PageHeader } from '../../ui/page-header.tsx';

/** 000 §2, Home: for now the greeting only; counts, grids and cards come with their issue. */
export function HomePage({ user }: { user: Pick<SignedInUser, 'firstName'> }) {
  return (
    <>
      <HomeBanner />
      <PageHeader title={`Hello, ${user.firstName}`} subtitle="What would you like to do today?" />
    </>
  );
}
