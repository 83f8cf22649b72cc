import { projectTestConfig } from '../../vitest.shared.ts';

export default projectTestConfig('portal', { include: ['src/**/*.test.ts', 'test/**/*.test.ts'] });
