import { randomInt } from 'node:crypto';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+=-[]{};:,.<>?';
const ALPHABET = LETTERS + DIGITS + SYMBOLS;

/** A 5-digit POS PIN (10000–99999) from the cryptographic RNG. */
export function generatePin(): number {
  return randomInt(10_000, 100_000);
}

/** 16 characters from the cryptographic RNG, with at least one letter, one digit and one symbol. */
export function generatePassword(length = 16): string {
  for (;;) {
    let password = '';
    for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)];
    if (/[A-Za-z]/.test(password) && /\d/.test(password) && [...password].some((c) => SYMBOLS.includes(c))) return password;
  }
}

export const PASSWORD_SYMBOLS = SYMBOLS;
