import type { Metadata } from 'next';
import { GiftCardLiability } from './gift-card-liability';

export const metadata: Metadata = { title: 'Gift cards' };

export default function GiftCardsPage() {
  return <GiftCardLiability />;
}
