/**
 * The demo chain mirrors the BackOffice simulator's demo tenant (see src/chain.ts). Simulators may not import each
 * other, so this reads that file as text and checks the copy has not drifted.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REGIONS, SITES } from '../src/chain.js';

const SEED = fileURLToPath(new URL('../../backoffice-simulator/src/tenant/seed.ts', import.meta.url));
const available = existsSync(SEED);
if (!available) console.warn(`Chain mirror test skipped: ${SEED} is absent.`);

describe.skipIf(!available)('the demo chain mirrors the BackOffice demo tenant', () => {
  it('has the same sites (code and name) and regions', () => {
    const text = readFileSync(SEED, 'utf8');
    const tree = text.slice(text.indexOf('function hierarchicalTree'), text.indexOf('function flatTree'));
    const regionNames = new Map([...tree.matchAll(/\{ id: (\d+), name: '([^']+)' \}/g)].map((m) => [Number(m[1]), m[2]!]));
    const districtRegion = new Map(
      [...tree.matchAll(/\{ id: (\d+), name: (?:'[^']*'|"[^"]*"), regionId: (\d+) \}/g)].map((m) => [Number(m[1]), Number(m[2])]),
    );
    const boSites = [...tree.matchAll(/\[(\d+), '([^']+)', '([^']+)', (\d+)\]/g)].map((m) => ({
      siteId: 1000 + Number(m[1]),
      name: m[2]!,
      code: m[3]!,
      region: regionNames.get(districtRegion.get(Number(m[4]))!)!,
    }));
    expect(boSites.length).toBeGreaterThan(10);
    const ours = SITES.filter((s) => !s.virtual).map((s) => ({
      siteId: s.siteId,
      name: s.name,
      code: s.code,
      region: REGIONS.find((r) => r.code === s.region)!.name,
    }));
    const byId = (a: { siteId: number }, b: { siteId: number }) => a.siteId - b.siteId;
    expect(ours.sort(byId)).toEqual(boSites.sort(byId));
  });
});
