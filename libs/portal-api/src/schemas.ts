// Input schemas shared by the procedures and the portal's forms. Browser-safe: zod only.
import { z } from 'zod';

export const signInInput = z.object({
  username: z.string().trim().min(1, 'Enter your username').max(64),
  password: z.string().min(1, 'Enter your password').max(256),
});
