/**
 * The portal's account rules and password hashing without the router: for the command line, which
 * would otherwise load tRPC and both clients to check a username and hash a password.
 */
export * from './auth/account-rules.js';
export { PASSWORD_COST, hashPassword, needsRehash, verifyPassword, type ScryptCost } from './auth/passwords.js';
