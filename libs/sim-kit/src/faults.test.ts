import { describe, expect, it } from 'vitest';
import { FaultRegistry, routeMatcher, type FaultRule } from './faults.js';
import { Prng } from './random.js';

interface TestFault extends FaultRule {
  kind: 'serverError' | 'drop';
  route?: string;
}
interface TestRequest {
  method: string;
  path: string;
}

function registry(seed = 1): FaultRegistry<TestFault, TestRequest> {
  return new FaultRegistry<TestFault, TestRequest>({
    random: new Prng(seed).asFunction(),
    kinds: ['serverError', 'drop'],
    matches: (fault, request) => routeMatcher(fault.route)(request.method, request.path),
  });
}

describe('FaultRegistry', () => {
  it('fires a counted fault that many times, then forgets it', () => {
    const faults = registry();
    faults.inject({ kind: 'drop', route: 'POST /employee/*', count: 2 });
    const post = { method: 'POST', path: '/employee/insert' };
    expect(faults.fire({ method: 'GET', path: '/employee/insert' })).toEqual([]);
    expect(faults.fire(post)).toHaveLength(1);
    expect(faults.first(post)?.kind).toBe('drop');
    expect(faults.fire(post)).toEqual([]);
    expect(faults.active()).toEqual([]);
  });

  it('fires by probability from its seeded draw, reproducibly', () => {
    const run = (): number => {
      const faults = registry(42);
      faults.inject({ kind: 'serverError', probability: 0.25 });
      let fired = 0;
      for (let i = 0; i < 2000; i++) fired += faults.fire({ method: 'GET', path: '/' }).length;
      return fired;
    };
    const fired = run();
    expect(fired).toBe(run());
    expect(fired).toBeGreaterThan(400);
    expect(fired).toBeLessThan(600);
  });

  it('filters by kind, removes a fault on request and refuses bad faults', () => {
    const faults = registry();
    const handle = faults.inject({ kind: 'serverError' });
    faults.inject({ kind: 'drop' });
    expect(faults.first({ method: 'GET', path: '/' }, (f) => f.kind === 'drop')?.kind).toBe('drop');
    handle.remove();
    expect(faults.fire({ method: 'GET', path: '/' }).map((f) => f.kind)).toEqual(['drop']);
    expect(() => faults.inject({ kind: 'melt' as never })).toThrow('Unknown fault kind');
    expect(() => faults.inject({ kind: 'drop', probability: 2 })).toThrow('probability');
    expect(() => faults.inject({ kind: 'drop', count: -1 })).toThrow('count');
  });
});

describe('routeMatcher', () => {
  it('matches method and glob path, a bare path for any method, and * for everything', () => {
    expect(routeMatcher('GET /employee/edit/*')('GET', '/employee/edit/12')).toBe(true);
    expect(routeMatcher('GET /employee/edit/*')('POST', '/employee/edit/12')).toBe(false);
    expect(routeMatcher('/user/insert')('POST', '/user/insert')).toBe(true);
    expect(routeMatcher(undefined)('DELETE', '/x')).toBe(true);
    expect(routeMatcher('GET /a.b')('GET', '/aXb')).toBe(false);
  });
});
