import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="sign-in">
      <div className="card sign-in-card">
        <h1>Page not found</h1>
        <p className="muted">There is no page at this address.</p>
        <Link href="/employees">Go to the employees</Link>
      </div>
    </main>
  );
}
