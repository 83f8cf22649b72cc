import { describe, expect, it } from 'vitest';
import { generatePassword, newPasswordSchema, portalUsernameSchema } from './account-rules.js';

describe('portal account rules', () => {
  it('lower-cases and trims usernames and refuses other characters', () => {
    expect(portalUsernameSchema.parse('  Ada.Lovelace ')).toBe('ada.lovelace');
    expect(portalUsernameSchema.safeParse('ada lovelace').success).toBe(false);
    expect(portalUsernameSchema.safeParse('-ada').success).toBe(false);
    expect(portalUsernameSchema.safeParse('a'.repeat(65)).success).toBe(false);
  });

  it('wants twelve characters that are not all spaces', () => {
    expect(newPasswordSchema.safeParse('short-pass').success).toBe(false);
    expect(newPasswordSchema.safeParse(' '.repeat(20)).success).toBe(false);
    expect(newPasswordSchema.safeParse('correct horse battery').success).toBe(true);
  });

  it('generates passwords that pass the rule and differ each time', () => {
    const generated = new Set(Array.from({ length: 50 }, generatePassword));
    expect(generated.size).toBe(50);
    for (const password of generated) {
      expect(password).toMatch(/^[a-zA-Z2-9]{5}(-[a-zA-Z2-9]{5}){3}$/);
      expect(newPasswordSchema.safeParse(password).success).toBe(true);
    }
  });
});
