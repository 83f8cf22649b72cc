import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { safeNext } from '../../navigation';
import { serverCaller } from '../../server/caller';
import { SignInForm } from './sign-in-form';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { next } = await searchParams;
  const signedIn = await (await serverCaller()).auth.me().then(
    () => true,
    () => false,
  );
  if (signedIn) redirect(safeNext(next));
  return (
    <main className="sign-in">
      <div className="card sign-in-card">
        <h1>WashOps</h1>
        <p className="muted">Sign in to manage your tenant&apos;s employees and Back Office users.</p>
        <SignInForm next={safeNext(next)} />
      </div>
    </main>
  );
}
