export { EMAIL_PATTERN, emailKey, isValidPhone, phoneDigits } from './normalize.js';
