export { PublicErrorCause, toTrpcError } from './errors.js';
