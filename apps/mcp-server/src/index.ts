export { toolErrorResult } from './tool-result.js';
