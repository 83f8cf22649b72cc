export default function HomePage() {
  return (
    <main>
      <h1>WashOps</h1>
      <p>Employees, Back Office users and transactions for your Sonny&apos;s Carwash Controls tenant.</p>
    </main>
  );
}
