import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { TRPCReactProvider } from '../trpc/client';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'WashOps', template: '%s · WashOps' },
  description: "Employees, Back Office users and transactions for Sonny's Carwash Controls operators.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <TRPCReactProvider>{children}</TRPCReactProvider>
      </body>
    </html>
  );
}
