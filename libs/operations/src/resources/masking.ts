// Browser-safe: how customers' contact details look to a caller not allowed to see them (README, "Personal data").
// Enough is left to tell two customers apart and to confirm one on the phone, never enough to reach them.

const DOT = '•';

/** `(312) 555-0101` → `(•••) •••-0101`: only the last four digits stay. */
export function maskPhone(phone: string | null): string | null {
  if (phone === null) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 4) return DOT.repeat(3);
  return `(${DOT.repeat(3)}) ${DOT.repeat(3)}-${digits.slice(-4)}`;
}

/** `jane.doe@example.com` → `j•••@example.com`: the first letter and the domain. */
export function maskEmail(email: string | null): string | null {
  if (email === null) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return DOT.repeat(3);
  return `${email[0]}${DOT.repeat(3)}${email.slice(at)}`;
}

/** A customer's contact details as a result carries them; `masked` says which form. */
export interface CustomerContactView {
  phone: string | null;
  email: string | null;
  /** Street lines and postal code: null when masked (city and state stay). */
  address1: string | null;
  address2: string | null;
  postalCode: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  birthDate: string | null;
  masked: boolean;
}

export type ContactFields = Omit<CustomerContactView, 'masked'>;

/** The details as they are, or masked: phone and email cut down, street, postal code and birth date left out. */
export function contactView(contact: ContactFields, show: boolean): CustomerContactView {
  if (show) return { ...contact, masked: false };
  return {
    phone: maskPhone(contact.phone),
    email: maskEmail(contact.email),
    address1: null,
    address2: null,
    postalCode: null,
    city: contact.city,
    state: contact.state,
    country: contact.country,
    birthDate: null,
    masked: true,
  };
}
